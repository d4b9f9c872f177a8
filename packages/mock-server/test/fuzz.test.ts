import { fetchTarget, formatFuzz, groupFindings, runFuzz, SCENARIO_DATASET } from '@falcon/contract-testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '../src/db';
import { createHandlers, flattenHandlers } from '../src/handlers';

// The contract fuzzer (@falcon/contract-testing) against the mock, with the server's seed and count.
const db = createDb(SCENARIO_DATASET);
const server = setupServer(...flattenHandlers(createHandlers({ dataset: db })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let anonymous = 0;
const target = fetchTarget('the mock (msw)', (session) =>
  session ? `http://s-${session.cookie.slice(-16)}.fuzz.test` : `http://anon-${++anonymous}.fuzz.test`,
);

it('answers generated and hostile requests without 5xx, with documented statuses and contract bodies', async () => {
  const result = await runFuzz(target, { runs: 10, seed: 11, sweep: true, rawUrls: false });
  console.log(formatFuzz(result));
  expect([...groupFindings(result.findings).keys()]).toEqual([]);
}, 300_000);
