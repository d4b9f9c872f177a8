import type { Passkey } from '@falcon/api-client';

/** A user's second factors in the mock (issue 18): what the server keeps in its four tables. */
export interface MockFactors {
  totpSecret: string | null;
  pendingSecret: string | null;
  lastTimeStep: number | null;
  passkeys: Passkey[];
  /** Unused recovery codes, normalised (no dashes, lower case). */
  recoveryCodes: Set<string>;
}

/** A sign-in between the password and the second factor (the `falcon_pending` cookie's token). */
interface MockPending {
  userId: string | null;
  stage: 'verify' | 'enrol' | 'passkey';
  challenge: string | null;
  expiresAt: number;
}

const PENDING_MS = 5 * 60_000;

const randomText = (bytes: number) => {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return [...data].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/** Second factors per user and the pending sign-ins; empty for the dataset (nobody has a factor). */
export class SecondFactorStore {
  private readonly byUser = new Map<string, MockFactors>();
  private readonly pending = new Map<string, MockPending>();
  /** Passkey challenges of profile registrations, per session token. */
  readonly registrations = new Map<string, string>();

  of(userId: string): MockFactors {
    let factors = this.byUser.get(userId);
    if (!factors) {
      factors = {
        totpSecret: null,
        pendingSecret: null,
        lastTimeStep: null,
        passkeys: [],
        recoveryCodes: new Set(),
      };
      this.byUser.set(userId, factors);
    }
    return factors;
  }

  hasFactor(userId: string): boolean {
    const f = this.byUser.get(userId);
    return !!f && (f.totpSecret !== null || f.passkeys.length > 0);
  }

  reset(userId: string): void {
    this.byUser.delete(userId);
  }

  openPending(userId: string | null, stage: MockPending['stage']): string {
    const token = randomText(18);
    this.pending.set(token, { userId, stage, challenge: null, expiresAt: Date.now() + PENDING_MS });
    return token;
  }

  pendingOf(token: string | undefined): MockPending | null {
    const row = token ? this.pending.get(token) : undefined;
    if (!row || row.expiresAt <= Date.now()) return null;
    return row;
  }

  closePending(token: string | undefined): boolean {
    return token ? this.pending.delete(token) : false;
  }

  newChallenge(): string {
    return randomText(24);
  }
}
