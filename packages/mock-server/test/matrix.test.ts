import { endpoints } from '@falcon/api-client';
import { fetchTarget, formatMatrix, runMatrix, SCENARIO_DATASET } from '@falcon/contract-testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '../src/db';
import { createHandlers, flattenHandlers } from '../src/handlers';

// The authorization matrix (@falcon/contract-testing) against the mock: the same rows and rules as
// against the real server (apps/server/test/matrix.test.ts).
const db = createDb(SCENARIO_DATASET);
const server = setupServer(...flattenHandlers(createHandlers({ dataset: db })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let anonymous = 0;
// One origin per session (msw keeps cookies per origin for the whole process).
const target = fetchTarget('the mock (msw)', (session) =>
  session ? `http://s-${session.cookie.slice(-16)}.matrix.test` : `http://anon-${++anonymous}.matrix.test`,
);

it('answers every endpoint x demo user x own/foreign object as the rules say', async () => {
  const result = await runMatrix(target);
  console.log(formatMatrix(result));
  // Every endpoint of the contract has rows, and every row was sent.
  expect(new Set(result.rows.map((r) => r.endpoint)).size).toBe(endpoints.length);
  expect(result.requests).toBe(result.rows.length);
  expect(result.mismatches.map((r) => `${r.key}: ${r.problems.join(' | ')}`)).toEqual([]);
}, 300_000);
