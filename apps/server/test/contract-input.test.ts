import type { AddressInfo } from 'node:net';
import { createTestClient, describeInputScenarios } from '@falcon/contract-testing';
import { afterAll } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** The input table of the contract (the mock runs it too) against the real server over HTTP. */
let current: TestApp | undefined;
let origin = '';

afterAll(async () => {
  await current?.close();
});

describeInputScenarios({
  newClient: () => createTestClient(origin),
  reset: async () => {
    await current?.close();
    current = await createTestApp();
    await current.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(current.app.server.address() as AddressInfo).port}`;
  },
});
