import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum; 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP argon2id parameters: m=19456 KiB, t=2, p=1 (about 20 ms a hash here). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** At most this many hashes at once: sign-in floods queue instead of eating every core and all memory. */
const MAX_CONCURRENT = Math.max(1, Math.min(4, availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
};

export const hashPassword = (password: string): Promise<string> => limited(() => hash(password, OPTIONS));

/** A hash of nothing anyone knows: verifying an unknown user costs as much as a known one. */
let dummy: Promise<string> | undefined;

export const verifyPassword = async (stored: string | null, password: string): Promise<boolean> => {
  if (!dummy) dummy = hashPassword(`dummy-${Math.random()}`);
  const target = stored ?? (await dummy);
  try {
    const ok = await limited(() => verify(target, password));
    return stored !== null && ok;
  } catch {
    return false;
  }
};
