import type { UserInput } from '@falcon/api-client';

/**
 * A valid user form (users.create, users.update): the KD_USER `new.clerk` of concern C001 with a
 * password. `over` changes fields; one set to `undefined` is left out of the JSON body.
 */
export const userForm = (over: Partial<UserInput> = {}): UserInput => ({
  username: 'new.clerk',
  firstname: 'Nina',
  lastname: 'Neu',
  email: 'nina.neu@example.com',
  phone: null,
  region: null,
  useRegion: false,
  language: 'de',
  sessionTimeoutMinutes: 60,
  roles: ['KD_USER'],
  permissions: [],
  scope: { all: false, concerns: ['C001'], branches: [], locations: [] },
  employeeKey: null,
  password: 'secret-pass-1',
  passwordRepeat: 'secret-pass-1',
  ...over,
});
