import { formatFuzz, groupFindings, runFuzz } from '@falcon/contract-testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { injectTarget } from './inject-target';

/**
 * The contract fuzzer (packages/contract-testing/src/fuzz.ts) against the real server on a
 * fresh copy of the seeded database, PGlite and (DATABASE_URL) PostgreSQL: a fixed seed and a
 * bounded count here; `npm run fuzz -w @falcon/server -- --runs 20000` for a long run.
 */
let h: TestApp;
beforeAll(async () => {
  h = await createTestApp({ jobs: false });
});
afterAll(() => h.close());

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

it(`answers generated and hostile requests without 5xx, with documented statuses and contract bodies (${engine})`, async () => {
  const result = await runFuzz(injectTarget(`the server on ${engine}`, h.app), {
    runs: 10,
    seed: 11,
    sweep: true,
  });
  console.log(formatFuzz(result));
  expect([...groupFindings(result.findings).keys()]).toEqual([]);
}, 600_000);
