import type { Scope } from '@falcon/api-client';
import type { DatasetUser } from '@falcon/demo-data';
import type { GrantStore } from './grants';

/** Who is calling: the session's user with its effective permissions, roles and scope. */
export interface Auth {
  token: string;
  user: DatasetUser;
  permissions: ReadonlySet<string>;
  roles: readonly string[];
  scope: Scope;
  impersonatedBy: string | null;
}

export interface SessionRow {
  userId: string;
  impersonatedBy: string | null;
  lastSeen: number;
}

const randomToken = () => {
  const bytes = new Uint8Array(18);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

/** Open sessions by token, with sliding expiry per user, and the failed password checks of the back-off. */
export class SessionStore {
  private readonly rows = new Map<string, SessionRow>();
  /** Failed password checks per lower-case username: the back-off of `handlers/throttle.ts`. */
  readonly passwordFailures = new Map<
    string,
    { failures: number; lastFailureAt: number; lockedUntil: number }
  >();

  constructor(private readonly grants: GrantStore) {}

  /** Starts a session; the token goes into the `falcon_session` cookie (or an Authorization header). */
  open(user: DatasetUser, impersonatedBy: string | null = null): string {
    const token = randomToken();
    this.rows.set(token, { userId: user.id, impersonatedBy, lastSeen: Date.now() });
    return token;
  }

  /** The caller of a token, or null when the session is unknown or expired (sliding expiry per user). */
  authOf(token: string | undefined | null): Auth | null {
    if (!token) return null;
    const row = this.rows.get(token);
    if (!row) return null;
    const user = this.grants.users.get(row.userId);
    if (!user || Date.now() - row.lastSeen > user.sessionTimeoutMinutes * 60_000) {
      this.rows.delete(token);
      return null;
    }
    row.lastSeen = Date.now();
    return {
      token,
      user,
      permissions: new Set(this.grants.effectivePermissionsOf(user)),
      roles: user.roles,
      scope: user.scope,
      impersonatedBy: row.impersonatedBy,
    };
  }

  close(token: string | undefined | null): void {
    if (token) this.rows.delete(token);
  }

  /** Ends every session of a user (deleted, or password changed elsewhere), but `except`. */
  closeAllOf(userId: string, except?: string): void {
    for (const [token, row] of this.rows)
      if (row.userId === userId && token !== except) this.rows.delete(token);
  }

  /** The open sessions, so dev:mock can carry them over a page reload (the data itself starts fresh). */
  entries(): [string, SessionRow][] {
    return [...this.rows].map(([token, row]) => [token, { ...row }]);
  }

  /** Takes back sessions saved by `entries`; those of users this dataset lacks are dropped. */
  restore(entries: readonly (readonly [string, SessionRow])[]): void {
    for (const [token, row] of entries)
      if (this.grants.users.has(row.userId)) this.rows.set(token, { ...row });
  }
}
