import { createServer } from '@falcon/mock-server/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The mock server's handlers (the same ones dev:mock uses) answering node's fetch for one test file,
 * over a fresh small dataset. Unknown requests fail the test.
 */
export const setupMockApi = () => {
  const server = createServer({ dataset: { seed: 1, scale: 'small' } });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
};
