import type { AddressInfo } from 'node:net';
import { createTestClient, describeContractScenarios } from '@falcon/contract-testing';
import { afterAll } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/**
 * The contract scenarios the mock server passes, run against the real server over HTTP: each
 * scenario gets a fresh copy of the seeded database (small, seed 1) on a free loopback port.
 */
let current: TestApp | undefined;
let origin = '';

const restart = async () => {
  await current?.close();
  current = await createTestApp();
  await current.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(current.app.server.address() as AddressInfo).port}`;
};

afterAll(async () => {
  await current?.close();
});

describeContractScenarios({
  newClient: () => createTestClient(origin),
  reset: restart,
});
