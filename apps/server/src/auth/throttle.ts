import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';

export interface ThrottleOptions {
  /** Failures per username within the window before it is locked. */
  usernameMax: number;
  /** Failures per client IP within the window before it is locked. */
  ipMax: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  usernameMax: 5,
  ipMax: 30,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

export const throttleKeys = (username: string, ip: string) => ({
  user: `u:${username.trim().toLowerCase()}`,
  ip: `ip:${ip}`,
});

/** Seconds until the latest lock of these keys ends, or 0 when none is locked. */
export const lockedFor = async (db: Db, keys: string[], now: Date): Promise<number> => {
  const rows = await db
    .select({ lockedUntil: t.loginAttempts.lockedUntil })
    .from(t.loginAttempts)
    .where(inArray(t.loginAttempts.key, keys));
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
};

/** Counts a failure atomically in the database (shared by every server instance). */
export const recordFailure = async (db: Db, key: string, max: number, now: Date, o: ThrottleOptions) => {
  const windowStart = sql`${new Date(now.getTime() - o.windowMs).toISOString()}::timestamptz`;
  const lockUntil = new Date(now.getTime() + o.lockMs);
  const lockSql = sql`${lockUntil.toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  await db
    .insert(t.loginAttempts)
    .values({ key, failures: 1, windowStart: now, lockedUntil: max <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: t.loginAttempts.key,
      set: {
        failures: sql`case when ${t.loginAttempts.windowStart} < ${windowStart} then 1 else ${t.loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${t.loginAttempts.windowStart} < ${windowStart} then ${nowSql} else ${t.loginAttempts.windowStart} end`,
        lockedUntil: sql`case when (case when ${t.loginAttempts.windowStart} < ${windowStart} then 1 else ${t.loginAttempts.failures} + 1 end) >= ${max} then ${lockSql} else ${t.loginAttempts.lockedUntil} end`,
      },
    });
};

export const clearFailures = async (db: Db, key: string) => {
  await db.delete(t.loginAttempts).where(inArray(t.loginAttempts.key, [key]));
};
