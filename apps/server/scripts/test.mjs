// npm test for the server: every test on the embedded PGlite, then, when DATABASE_URL names a
// PostgreSQL (as .ci/run does), every test again on PostgreSQL.
import { spawnSync } from 'node:child_process';

const run = (label, env) => {
  console.log(`\n=== @falcon/server tests on ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { DATABASE_URL, ...withoutDatabase } = process.env;
run('PGlite (embedded)', withoutDatabase);
if (DATABASE_URL) run(`PostgreSQL (${new URL(DATABASE_URL).host})`, process.env);
