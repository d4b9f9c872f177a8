import { describeInputScenarios } from '@falcon/contract-testing';
import { afterAll, beforeAll } from 'vitest';
import { newClient, startMock } from './helpers';

const { db, server } = startMock();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// The same table runs against the real server (apps/server/test/contract-input.test.ts).
describeInputScenarios({ newClient, reset: () => db.reset() });
