import { describeContractScenarios } from '@falcon/contract-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, newClient, signedIn, startMock } from './helpers';

const { db, server } = startMock();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// The same scenarios run against the real server in apps/server.
describe('the contract scenarios against the mock', () => {
  describeContractScenarios({ newClient, reset: () => db.reset() });
});

describe('overriding handlers for stories', () => {
  it('keys handlers by the contract resources', async () => {
    const { contract } = await import('@falcon/api-client');
    const { createHandlers } = await import('../src/handlers');
    expect(Object.keys(createHandlers()).sort()).toEqual(Object.keys(contract).sort());
  });

  it('lets one endpoint fail or hang while the rest keep working', async () => {
    const { errorHandler } = await import('../src/handlers/overrides');
    db.reset();
    const admin = await signedIn('admin');
    server.use(errorHandler('concerns.list', 503, 'service_unavailable'));
    const e = await failure(admin.api.concerns.list());
    expect([e.status, e.key]).toEqual([503, 'service_unavailable']);
    expect((await admin.api.cbl.tree()).length).toBeGreaterThan(0);
    server.resetHandlers();
    expect((await admin.api.concerns.list()).length).toBeGreaterThan(0);
    expect(newClient().cookies.size).toBe(0);
  });
});
