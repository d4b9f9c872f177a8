import type { Stocktake } from '@falcon/api-client/lite';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What /app keeps on the phone, in IndexedDB (ADR 0062): the scans that wait to be sent (the outbox, in
 * the order they were taken, each with its idempotency key) and the user's open count as last answered
 * (so a reload without network still shows it). Nothing of it is in the service worker's cache.
 */

/** A scan or an undo that waits to be sent; `seq` orders them (IndexedDB's auto-increment). */
export interface OutboxItem {
  seq?: number;
  /** The user who took it: only that user's session sends it. */
  user: string;
  locationCode: string;
  countId: string;
  kind: 'scan' | 'undo';
  key: string;
  /** The barcode or code scanned (kind scan). */
  code?: string;
  scannedAt: string;
}

/** The user's open count: which one, and its last answer. */
export interface CurrentCount {
  user: string;
  locationCode: string;
  countId: string;
  snapshot: Stocktake | null;
}

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxItem; indexes: { byUser: string } };
  counts: { key: string; value: CurrentCount };
}

const NAME = 'falcon-offline';
let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** null where the browser has no IndexedDB (tests in jsdom without it, private modes that refuse it). */
const database = (): Promise<IDBPDatabase<OfflineSchema>> | null => {
  if (typeof indexedDB === 'undefined') return null;
  opened ??= openDB<OfflineSchema>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byUser', 'user');
      db.createObjectStore('counts', { keyPath: 'user' });
    },
    // Another tab (or a reset) wants the database gone or upgraded: let go of it, open again on next use.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  return opened;
};

export const enqueue = async (item: OutboxItem): Promise<void> => {
  const db = await database();
  await db?.add('outbox', item);
};

/** The user's waiting items, oldest first. */
export const waiting = async (user: string): Promise<OutboxItem[]> => {
  const db = await database();
  return db ? db.getAllFromIndex('outbox', 'byUser', user) : [];
};

export const remove = async (seq: number): Promise<void> => {
  const db = await database();
  await db?.delete('outbox', seq);
};

export const currentCount = async (user: string): Promise<CurrentCount | undefined> => {
  const db = await database();
  return db?.get('counts', user);
};

export const keepCurrentCount = async (count: CurrentCount): Promise<void> => {
  const db = await database();
  await db?.put('counts', count);
};

export const dropCurrentCount = async (user: string): Promise<void> => {
  const db = await database();
  await db?.delete('counts', user);
};

/**
 * Sign-out: the kept answers of the server (the counts' snapshots) go, so the next user of a shared
 * phone sees none of them. Waiting scans stay: they are the signed-out user's own input, shown to and
 * sent by that user only, when they sign in again.
 */
export const forgetOfflineCounts = async (): Promise<void> => {
  try {
    const db = await database();
    await db?.clear('counts');
  } catch (error) {
    console.error(error);
  }
};

/** Everything kept on this device, gone (stories and tests start from nothing). */
export const resetOfflineStore = async (): Promise<void> => {
  if (typeof indexedDB === 'undefined') return;
  const db = await opened;
  db?.close();
  opened = null;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
};
