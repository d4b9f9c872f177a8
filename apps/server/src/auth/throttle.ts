import { type BackoffRule, PASSWORD_BACKOFF } from '@falcon/api-client';
import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { HttpError } from '../errors';

/**
 * Back-off for password checks (sign-in, password change), kept in the database so every instance
 * shares it: the rule of `PASSWORD_BACKOFF`, per (username, address) and per address. There is no lock
 * per username: a stranger's wrong passwords from another address never keep the user out.
 */
export interface ThrottleOptions {
  pair: BackoffRule;
  address: BackoffRule;
}

export const DEFAULT_THROTTLE: ThrottleOptions = PASSWORD_BACKOFF;

export interface ThrottleKeys {
  pair: string;
  address: string;
}

/** The address comes first: it never contains `|`, so any username keeps the key unambiguous. */
export const throttleKeys = (username: string, address: string): ThrottleKeys => ({
  pair: `pair:${address}|${username.trim().toLowerCase()}`,
  address: `addr:${address}`,
});

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type Charge =
  | {
      allowed: true;
      /** The back-off this attempt starts should it fail (0: none yet). */
      backoffSeconds: number;
    }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one password check against both keys before it runs, in one statement per key that refuses
 * to count (and so to check) while the key backs off: parallel attempts cannot slip past a back-off.
 * Refused attempts are only counted (`refused`), never checked, never protocolled one by one.
 */
const chargeAttempt = async (db: Db, keys: ThrottleKeys, now: Date, o: ThrottleOptions): Promise<Charge> => {
  const charged = await Promise.all([
    chargeKey(db, keys.pair, o.pair, now),
    chargeKey(db, keys.address, o.address, now),
  ]);
  if (charged.every((c) => c !== null)) {
    const until = Math.max(0, ...charged.map((c) => c?.lockedUntil?.getTime() ?? 0));
    return { allowed: true, backoffSeconds: Math.ceil(Math.max(0, until - now.getTime()) / 1000) };
  }
  const rows = await db
    .update(t.loginAttempts)
    .set({ refused: sql`${t.loginAttempts.refused} + 1` })
    .where(
      and(
        inArray(t.loginAttempts.key, [keys.pair, keys.address]),
        sql`${t.loginAttempts.lockedUntil} > ${at(now)}`,
      ),
    )
    .returning({ lockedUntil: t.loginAttempts.lockedUntil });
  const until = Math.max(now.getTime() + 1000, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return { allowed: false, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
};

/** Adds a failure to a key unless it backs off: the key's back-off end (null: none), or null when refused. */
const chargeKey = async (
  db: Db,
  key: string,
  rule: BackoffRule,
  now: Date,
): Promise<{ lockedUntil: Date | null } | null> => {
  const a = t.loginAttempts;
  const fresh = sql`(${a.lastFailureAt} < ${at(new Date(now.getTime() - rule.forgetMs))} and (${a.lockedUntil} is null or ${a.lockedUntil} <= ${at(now)}))`;
  const failures = sql`(case when ${fresh} then 1 else ${a.failures} + 1 end)`;
  const lockedUntil = (n: SQL) =>
    sql`case when ${n} >= ${rule.free} then ${at(now)} + least(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2::float8, ${n} - ${rule.free})) * interval '1 millisecond' else null end`;
  const [row] = await db
    .insert(a)
    .values({
      key,
      failures: 1,
      windowStart: now,
      lastFailureAt: now,
      lockedUntil: rule.free <= 1 ? new Date(now.getTime() + rule.baseMs) : null,
      refused: 0,
    })
    .onConflictDoUpdate({
      target: a.key,
      set: {
        failures,
        windowStart: sql`case when ${fresh} then ${at(now)} else ${a.windowStart} end`,
        refused: sql`case when ${fresh} then 0 else ${a.refused} end`,
        lastFailureAt: now,
        lockedUntil: lockedUntil(failures),
      },
      setWhere: or(sql`${a.lockedUntil} is null`, sql`${a.lockedUntil} <= ${at(now)}`),
    })
    .returning({ lockedUntil: a.lockedUntil });
  return row ?? null;
};

/**
 * The password was right: the pair starts afresh, and the address gets back the failure charged for
 * this attempt (an attacker's own account cannot wipe the address's count).
 */
const settleSuccess = async (db: Db, keys: ThrottleKeys, o: ThrottleOptions) => {
  const a = t.loginAttempts;
  await db.delete(a).where(eq(a.key, keys.pair));
  const left = sql`greatest(${a.failures} - 1, 0)`;
  await db
    .update(a)
    .set({
      failures: left,
      lockedUntil: sql`case when ${left} >= ${o.address.free} then ${a.lockedUntil} else null end`,
    })
    .where(eq(a.key, keys.address));
};

/** Drops keys forgotten by their rule (no failure for a while, no back-off running): the table stays small. */
const forgetStale = async (db: Db, now: Date, o: ThrottleOptions) => {
  const a = t.loginAttempts;
  const before = new Date(now.getTime() - Math.max(o.pair.forgetMs, o.address.forgetMs));
  await db
    .delete(a)
    .where(
      and(
        lt(a.lastFailureAt, before),
        or(sql`${a.lockedUntil} is null`, sql`${a.lockedUntil} <= ${at(now)}`),
      ),
    );
};

/** 429 too_many_requests with the wait: Retry-After for tools, details.retryAfterSeconds for the web app. */
const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'too_many_requests',
    undefined,
    { retryAfterSeconds },
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );

/**
 * Runs a password check under the back-off of its keys: 429 while they back off (the check does not
 * run), else the check's result and the back-off a failure starts (0: none yet).
 */
export const throttledCheck = async (
  db: Db,
  keys: ThrottleKeys,
  now: Date,
  o: ThrottleOptions,
  check: () => Promise<boolean>,
): Promise<{ ok: true } | { ok: false; backoffSeconds: number }> => {
  const charge = await chargeAttempt(db, keys, now, o);
  if (!charge.allowed) throw tooManyAttempts(charge.retryAfterSeconds);
  if (await check()) {
    await settleSuccess(db, keys, o);
    return { ok: true };
  }
  await forgetStale(db, now, o);
  return { ok: false, backoffSeconds: charge.backoffSeconds };
};
