import { signIn } from '../lib/session';

/** Signs in against the mock API (sets its session cookie), like the login form does. */
export const signInWithMock = async (username: string, password = 'demo1234') => {
  const result = await signIn(username, password, false);
  if (result.ok !== true)
    throw new Error(
      `sign-in as ${username} failed: ${result.ok ? 'a second factor is due' : result.message}`,
    );
  return result.session;
};
