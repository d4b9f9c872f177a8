import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import {
  currentCount,
  enqueue,
  forgetOfflineCounts,
  keepCurrentCount,
  resetOfflineStore,
  waiting,
} from './offline-store';

beforeEach(() => resetOfflineStore());

const scan = (user: string, key: string) => ({
  user,
  locationCode: 'C001-B01-L01',
  countId: 'ST1',
  kind: 'scan' as const,
  key,
  code: '4000000000013',
  scannedAt: '2026-11-24T10:00:00.000Z',
});

it("sign-out forgets the kept counts (the server's answers) of every user on the device", async () => {
  await keepCurrentCount({ user: 'kdadmin', locationCode: 'C001-B01-L01', countId: 'ST1', snapshot: null });
  await keepCurrentCount({ user: 'staff', locationCode: 'C001-B01-L01', countId: 'ST2', snapshot: null });
  await forgetOfflineCounts();
  expect(await currentCount('kdadmin')).toBeUndefined();
  expect(await currentCount('staff')).toBeUndefined();
});

it("keeps each user's waiting scans in the order taken, and only for that user", async () => {
  await enqueue(scan('kdadmin', 'a1b2c3d4-1'));
  await enqueue(scan('staff', 'a1b2c3d4-2'));
  await enqueue(scan('kdadmin', 'a1b2c3d4-3'));
  await forgetOfflineCounts();
  expect((await waiting('kdadmin')).map((i) => i.key)).toEqual(['a1b2c3d4-1', 'a1b2c3d4-3']);
  expect((await waiting('staff')).map((i) => i.key)).toEqual(['a1b2c3d4-2']);
});
