/**
 * npm run fuzz -w @falcon/server [-- --runs 20000 --seed 1 --no-sweep --only location.search]
 *
 * The contract fuzzer of `npm test` (packages/contract-testing/src/fuzz.ts), longer: `runs`
 * generated requests in all, spread over every endpoint and both callers (ADMIN and staff), plus
 * the sweep (every hostile value in every field), against the server on a freshly seeded database
 * (small dataset, seed 1): PGlite in memory, or PostgreSQL when DATABASE_URL is set (a throwaway
 * database, dropped afterwards). Prints the numbers and every finding grouped by cause; exits 1
 * on any finding.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { endpoints } from '@falcon/api-client';
import { FUZZ_CALLERS, formatFuzz, groupFindings, runFuzz, SCENARIO_DATASET } from '@falcon/contract-testing';
import { createDataset } from '@falcon/demo-data';
import pg from 'pg';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { seedDataset } from '../src/db/seed';
import { injectTarget } from '../test/inject-target';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    'no-sweep': { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
  },
});
const total = Number(values.runs);
const only = values.only?.length ? new Set(values.only) : undefined;
const selected = endpoints.filter((e) => !only || only.has(e.name)).length;
const perEndpoint = Math.max(1, Math.ceil(total / (selected * FUZZ_CALLERS.length)));

const url = process.env.DATABASE_URL;
let dropDatabase = async () => {};
const open = async () => {
  if (!url) return openDatabase({ dataDir: 'memory://' });
  const name = `falcon_fuzz_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 4 });
};

const engine = url ? `PostgreSQL (${new URL(url).host})` : 'PGlite (in memory)';
console.log(`seeding ${engine} with the ${SCENARIO_DATASET.scale} dataset, seed ${SCENARIO_DATASET.seed}...`);
const database = await open();
await seedDataset(database.db, createDataset(SCENARIO_DATASET));
const app = await buildApp({ db: database.db, webDist: null, underPressure: false, jobs: false });
await app.ready();

console.log(
  `fuzzing ${selected} endpoints x ${FUZZ_CALLERS.join('/')} x ${perEndpoint} generated requests` +
    `${values['no-sweep'] ? '' : ' + the sweep'}, seed ${values.seed}`,
);
let last = Date.now();
const result = await runFuzz(injectTarget(`the server on ${engine}`, app), {
  runs: perEndpoint,
  seed: Number(values.seed),
  sweep: !values['no-sweep'],
  ...(only ? { only: (name: string) => only.has(name) } : {}),
  progress: (done) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    console.log(`  ${done} requests...`);
  },
});
console.log(formatFuzz(result));
const seconds = result.ms / 1000;
console.log(
  `${result.requests} requests in ${seconds.toFixed(1)} s (${(result.requests / seconds).toFixed(0)} req/s)`,
);
const groups = groupFindings(result.findings);
console.log(groups.size ? `${groups.size} finding groups` : 'no findings');
await app.close();
await database.close();
await dropDatabase();
process.exit(groups.size ? 1 : 0);
