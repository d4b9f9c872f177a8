import type { Session } from '@falcon/api-client';
import { setSession } from '../lib/store';

/** A signed-in session without a server round trip; permissions as the test needs them. */
export const fakeSession = (overrides: Partial<Session> = {}): Session => ({
  id: 'U001',
  userId: 'U001',
  username: 'admin',
  firstname: 'Ada',
  lastname: 'Admin',
  fullName: 'Ada Admin',
  initials: 'AA',
  language: 'en',
  supportedLanguages: ['de', 'en', 'cz', 'pl', 'hu', 'ro'],
  permissions: [],
  roles: [],
  sessionTimeoutMinutes: 60,
  impersonatedBy: null,
  employeeKey: null,
  ...overrides,
});

export const signInAs = (overrides: Partial<Session> = {}) => {
  const session = fakeSession(overrides);
  setSession(session);
  return session;
};
