import { endpoints } from '@falcon/api-client';
import { formatMatrix, runMatrix } from '@falcon/contract-testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { injectTarget } from './inject-target';

/**
 * The authorization matrix (packages/contract-testing/src/matrix.ts) against the real server
 * on a fresh copy of the seeded database: on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(() => h.close());

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

it(`answers every endpoint x demo user x own/foreign object as the rules say (${engine})`, async () => {
  const result = await runMatrix(injectTarget(`the server on ${engine}`, h.app));
  console.log(formatMatrix(result));
  // Every endpoint of the contract has rows, and every row was sent.
  expect(new Set(result.rows.map((r) => r.endpoint)).size).toBe(endpoints.length);
  expect(result.requests).toBe(result.rows.length);
  expect(result.mismatches.map((r) => `${r.key}: ${r.problems.join(' | ')}`)).toEqual([]);
}, 600_000);
