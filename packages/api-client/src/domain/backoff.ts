/**
 * The back-off of password checks (sign-in, password change): after `free` failures a key waits, and
 * each further failure doubles the wait up to a cap. The server keeps it per (address, username) and
 * per address in the database; the mock keeps it per username in memory (one browser, one address).
 */
export interface BackoffRule {
  /** Failures before the first back-off. */
  free: number;
  /** The first back-off; each further failure doubles it. */
  baseMs: number;
  /** The longest back-off. */
  maxMs: number;
  /** A key without failures for this long (and not backing off) starts afresh. */
  forgetMs: number;
}

export const PASSWORD_BACKOFF = {
  /** One username from one address: a user who mistypes, or a guesser at one account. */
  pair: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 },
  /** One address, any usernames: password spraying. Shared by everyone behind that address (NAT). */
  address: { free: 50, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 },
} as const satisfies Record<string, BackoffRule>;

/** The wait after `failures` failures of a key (0 while it has failures to spare). */
export const backoffMs = (rule: BackoffRule, failures: number): number =>
  failures < rule.free ? 0 : Math.min(rule.maxMs, rule.baseMs * 2 ** (failures - rule.free));
