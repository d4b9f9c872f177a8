import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataset } from '@falcon/demo-data';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Db, openDatabase, pgliteOf } from '../src/db/client';
import { seedDataset } from '../src/db/seed';
import { createJobQueue } from '../src/jobs/queue';
import { JOBS } from '../src/jobs/registry';
import { seedFingerprint } from './seed-fingerprint';

/** pg-boss's schema and the queues, so that each test database's app start only checks them. */
const installJobQueue = async (db: Db) => {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const queue = createJobQueue({ db, log: quiet, jobs: JOBS, work: false });
  await queue.start();
  await queue.stop();
};

// One template per run: two runs on one PostgreSQL (colleagues, CI) must not drop each other's.
const TEMPLATE_DB = `falcon_test_template_${process.pid}`;

/**
 * Builds the test database once per run: on PGlite a data-dir dump (cached in the temp dir by
 * fingerprint), on PostgreSQL (DATABASE_URL) a template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 2 });
    await seedDataset(database.db, createDataset({ seed: 1, scale: 'small' }));
    await installJobQueue(database.db);
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url, template: TEMPLATE_DB });
    return async () => {
      await admin.query(`drop database if exists ${TEMPLATE_DB}`);
      await admin.end();
    };
  }
  // The job queue's schema is installed in the template too: pg-boss's version counts.
  const fingerprint = seedFingerprint([createRequire(import.meta.url).resolve('pg-boss/package.json')]);
  const file = join(tmpdir(), `falcon-server-template-${fingerprint}.tar.gz`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seedDataset(database.db, createDataset({ seed: 1, scale: 'small' }));
    await installJobQueue(database.db);
    const dump = await pgliteOf(database)?.dumpDataDir('gzip');
    if (!dump) throw new Error('no PGlite to dump');
    writeFileSync(`${file}.part`, new Uint8Array(await dump.arrayBuffer()));
    renameSync(`${file}.part`, file);
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pglite', file });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}
