import { LANGUAGES, type Language } from '../constants';
import type { Session } from '../contract/auth';
import { fullNameOf, initialsOf } from './validation';

/** Who a session belongs to, as both backends hold it (the server's Auth, the mock's). */
export interface SessionHolder {
  user: {
    id: string;
    username: string;
    firstname: string;
    lastname: string;
    language: Language;
    sessionTimeoutMinutes: number;
    employeeKey: string | null;
  };
  permissions: Iterable<string>;
  roles: readonly string[];
  impersonatedBy: string | null;
}

/** The session as the client sees it (`auth/session`, sign-in, impersonation, language change). */
export const sessionView = (holder: SessionHolder): Session => {
  const u = holder.user;
  return {
    id: u.id,
    userId: u.id,
    username: u.username,
    firstname: u.firstname,
    lastname: u.lastname,
    fullName: fullNameOf(u.firstname, u.lastname, u.username),
    initials: initialsOf(u.firstname, u.lastname, u.username),
    language: u.language,
    supportedLanguages: [...LANGUAGES],
    permissions: [...holder.permissions].sort(),
    roles: [...holder.roles],
    sessionTimeoutMinutes: u.sessionTimeoutMinutes,
    impersonatedBy: holder.impersonatedBy,
    employeeKey: u.employeeKey,
  };
};
