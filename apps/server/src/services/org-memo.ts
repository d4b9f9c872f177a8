import type { Scope } from '@falcon/api-client';
import type { Db } from '../db/client';

/**
 * The org tree (concerns, branches, locations) is written only by seeding, never through the API, so
 * what it holds for a scope cannot change while the server runs: answers derived from it alone are
 * remembered per database for a minute (bounded), which saves a database round trip on the calls
 * that need them most often. Concurrent callers of one key share one load.
 */
export interface OrgMemo<T> {
  get(db: Db, key: string, load: () => Promise<T>): Promise<T>;
}

const ORG_MEMO_TTL_MS = 60_000;

export const orgMemo = <T>(maxEntries: number): OrgMemo<T> => {
  const perDb = new WeakMap<Db, Map<string, { value: Promise<T>; until: number }>>();
  return {
    get(db, key, load) {
      let memo = perDb.get(db);
      if (!memo) {
        memo = new Map();
        perDb.set(db, memo);
      }
      const now = Date.now();
      const known = memo.get(key);
      if (known && known.until > now) return known.value;
      if (memo.size >= maxEntries) memo.clear();
      const value = load();
      const entry = { value, until: now + ORG_MEMO_TTL_MS };
      memo.set(key, entry);
      // A failed load (database away) is not remembered: the next caller asks again.
      value.catch(() => {
        if (memo.get(key) === entry) memo.delete(key);
      });
      return value;
    },
  };
};

/** One key per distinct scope. */
export const scopeKey = (scope: Scope): string =>
  scope.all ? '*' : JSON.stringify([scope.concerns, scope.branches, scope.locations]);
