import { createTestClient, SCENARIO_DATASET, type TestClient } from '@falcon/contract-testing';
import { setupServer } from 'msw/node';
import { createDb, type MockDb } from '../src/db';
import { createHandlers, flattenHandlers, type HandlerMap } from '../src/handlers';

/** One mock API over a fresh small dataset, served by msw in node. */
export const startMock = () => {
  const db = createDb(SCENARIO_DATASET);
  const handlers: HandlerMap = createHandlers({ dataset: db });
  const server = setupServer(...flattenHandlers(handlers));
  return { db, handlers, server };
};

let clients = 0;

/**
 * A typed client with its own origin, so msw's process-wide cookie store never hands one client's
 * session to another.
 */
export const newClient = (): TestClient => {
  clients += 1;
  return createTestClient(`http://client-${clients}.falcon.test`);
};

export const signedIn = async (username: string, password = 'demo1234'): Promise<TestClient> => {
  const client = newClient();
  await client.api.auth.signin({ body: { username, password } });
  return client;
};

export { failure } from '@falcon/contract-testing';
export type { MockDb, TestClient };
