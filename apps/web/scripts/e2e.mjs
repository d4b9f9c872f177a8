// The browser tests of `npm test` on ONE server (its start, with the demo data, takes ~45 s): first the
// visual regression (playwright.visual.config.ts) on the untouched demo data, then the end-to-end tests,
// which change data. Both run even when the first fails; the exit code is the first failure's.
import { spawnSync } from 'node:child_process';
import { startServer } from '../../../scripts/server-process.mjs';

const server = await startServer();
const env = { ...process.env, FALCON_E2E_URL: server.origin };
const run = (args) =>
  spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env }).status ?? 1;
let status = 0;
try {
  status = run(['-c', 'playwright.visual.config.ts']);
  status = run([]) || status;
} finally {
  await server.stop();
}
process.exit(status);
