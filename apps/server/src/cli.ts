import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { backup } from './db/backup';
import { openDatabase } from './db/client';
import { RestoreRefused, restore } from './db/restore';
import { s3ObjectStore } from './files/object-store';

const USAGE = `usage:
  npm run backup [-- --out FILE]        write the database and every file into one .tar.gz
  npm run restore -- FILE [--force]     restore such an archive into an empty database
                                        (--force: replace what the database holds)
The database and the files backend come from the same environment as the server's (DATABASE_URL or
DATA_DIR, FILES_BACKEND, S3_*). On PGlite stop the server first: its data directory is open in one
process only.`;

/** File names given on the command line are relative to where `npm run` was called. */
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

const stamp = (now: Date) => now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

const main = async () => {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string', short: 'o' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const config = loadConfig();
  const objects = config.s3 ? await s3ObjectStore(config.s3) : undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: resolve(config.dataDir),
    poolSize: 2,
    // A backup reads the schema as it is; a restore builds it itself, up to the archive's level.
    migrate: false,
  });
  const log = (line: string) => console.log(`[falcon] ${line}`);
  try {
    if (command === 'backup') {
      const out = fromCaller(values.out ?? `falcon-backup-${stamp(new Date())}.tar.gz`);
      await backup({ db: database.db, engine: database.engine, objects, out, log });
    } else {
      const archive = positionals[0];
      if (!archive) {
        console.log(USAGE);
        process.exitCode = 2;
        return;
      }
      await restore({ database, objects, archive: fromCaller(archive), force: values.force === true, log });
    }
  } finally {
    await database.close();
    objects?.close();
  }
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof RestoreRefused)
    console.error(`[falcon] ${error.message}`);
  else {
    // A failed statement's error carries its parameters (whole batches of rows): its cause says enough.
    const cause = (error as { cause?: unknown }).cause;
    console.error('[falcon] failed:', cause instanceof Error ? cause : error);
  }
  process.exitCode = error instanceof RestoreRefused ? 3 : 1;
});
