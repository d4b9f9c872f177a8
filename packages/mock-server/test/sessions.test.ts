import { describe, expect, it } from 'vitest';
import { createDb } from '../src';

describe('sessions carried over a reload (dev:mock)', () => {
  it('a session saved from one database is valid in a fresh one of the same dataset', () => {
    const before = createDb({ seed: 1, scale: 'small' });
    const user = before.grants.userByName('admin')!;
    const token = before.sessions.open(user);
    const saved = JSON.parse(JSON.stringify(before.sessions.entries()));

    const after = createDb({ seed: 1, scale: 'small' });
    expect(after.sessions.authOf(token)).toBeNull();
    after.sessions.restore(saved);
    expect(after.sessions.authOf(token)?.user.username).toBe('admin');
  });

  it('drops sessions of users the fresh dataset does not have', () => {
    const after = createDb({ seed: 1, scale: 'small' });
    after.sessions.restore([['t-unknown', { userId: 'U-none', impersonatedBy: null, lastSeen: Date.now() }]]);
    expect(after.sessions.authOf('t-unknown')).toBeNull();
    expect(after.sessions.entries()).toEqual([]);
  });
});
