import { describe, expect, it } from 'vitest';
import { createDb } from '../src';

describe('sessions carried over a reload (dev:mock)', () => {
  it('a session saved from one database is valid in a fresh one of the same dataset', () => {
    const before = createDb({ seed: 1, scale: 'small' });
    const user = before.userByName('admin')!;
    const token = before.openSession(user);
    const saved = JSON.parse(JSON.stringify(before.sessionEntries()));

    const after = createDb({ seed: 1, scale: 'small' });
    expect(after.authOf(token)).toBeNull();
    after.restoreSessions(saved);
    expect(after.authOf(token)?.user.username).toBe('admin');
  });

  it('drops sessions of users the fresh dataset does not have', () => {
    const after = createDb({ seed: 1, scale: 'small' });
    after.restoreSessions([['t-unknown', { userId: 'U-none', impersonatedBy: null, lastSeen: Date.now() }]]);
    expect(after.authOf('t-unknown')).toBeNull();
    expect(after.sessionEntries()).toEqual([]);
  });
});
