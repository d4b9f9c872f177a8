import { backoffMs, PASSWORD_BACKOFF } from '@falcon/api-client';
import type { MockDb } from '../db';
import { MockError } from '../errors';

const rule = PASSWORD_BACKOFF.pair;

/**
 * A password check under the shared back-off rule, per username (the mock serves one browser: one
 * address). While the username backs off the check does not run: 429 too_many_requests with the wait.
 */
export const throttledCheck = (db: MockDb, username: string, check: () => boolean): boolean => {
  const key = username.trim().toLowerCase();
  const now = Date.now();
  let entry = db.sessions.passwordFailures.get(key);
  if (entry && entry.lockedUntil > now) {
    const retryAfterSeconds = Math.ceil((entry.lockedUntil - now) / 1000);
    throw new MockError(
      429,
      'too_many_requests',
      undefined,
      { retryAfterSeconds },
      {
        'Retry-After': String(retryAfterSeconds),
      },
    );
  }
  if (check()) {
    db.sessions.passwordFailures.delete(key);
    return true;
  }
  if (!entry || now - entry.lastFailureAt > rule.forgetMs)
    entry = { failures: 0, lastFailureAt: now, lockedUntil: 0 };
  entry.failures += 1;
  entry.lastFailureAt = now;
  entry.lockedUntil = now + backoffMs(rule, entry.failures);
  db.sessions.passwordFailures.set(key, entry);
  return false;
};
