import type { Dataset } from '@falcon/demo-data';
import { ConfigError } from '../config';
import type { Db } from './client';
import { bootstrapAdmin, isEmpty, seedDataset } from './seed';

export interface PrepareOptions {
  /** undefined: demo data for a new database outside production (what `npm start` wants). */
  demoData: boolean | undefined;
  production: boolean;
  adminUsername?: string | undefined;
  adminPassword?: string | undefined;
  /** The demo dataset (tests pass a small one). */
  dataset?: () => Dataset;
  log?: (line: string) => void;
}

export type Prepared = 'demo-seeded' | 'admin-created' | 'existing';

/**
 * The demo dataset, from @falcon/demo-data: a development dependency (faker and the generator stay out
 * of a production install), so it is loaded only when demo data is asked for, with a clear word when
 * it is not installed.
 */
export const loadDemoDataset = async (
  importDemoData: () => Promise<typeof import('@falcon/demo-data')> = () => import('@falcon/demo-data'),
): Promise<Dataset> => {
  let demo: typeof import('@falcon/demo-data');
  try {
    demo = await importDemoData();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      'Demo data needs the package @falcon/demo-data, a development dependency that is not installed here (npm install --omit=dev leaves it out). Install the development dependencies, or start without demo data: DEMO_DATA=0 with ADMIN_USERNAME and ADMIN_PASSWORD.',
    );
  }
  return demo.createDataset({ seed: 1, scale: 'demo' });
};

/**
 * Fills a new database: the demo dataset, or the first ADMIN of a production start; refuses with
 * a clear message when neither applies. Demo users never reach a production database.
 */
export const prepareDatabase = async (db: Db, o: PrepareOptions): Promise<Prepared> => {
  if (o.production && o.demoData)
    throw new ConfigError(
      'DEMO_DATA is not allowed with NODE_ENV=production: demo users share a known password.',
    );
  if (!(await isEmpty(db))) return 'existing';
  const log = o.log ?? (() => {});
  if (o.demoData ?? !o.production) {
    const started = Date.now();
    log('seeding the demo dataset...');
    await seedDataset(db, o.dataset ? o.dataset() : await loadDemoDataset());
    log(`demo dataset seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 'demo-seeded';
  }
  if (o.adminUsername && o.adminPassword) {
    await bootstrapAdmin(db, { username: o.adminUsername, password: o.adminPassword });
    log(`created the first administrator "${o.adminUsername}"`);
    return 'admin-created';
  }
  throw new ConfigError(
    'The database is empty and demo data is off: set ADMIN_USERNAME and ADMIN_PASSWORD to create the first administrator (or DEMO_DATA=1 outside production for demo data).',
  );
};
