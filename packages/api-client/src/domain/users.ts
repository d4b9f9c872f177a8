import type { Language } from '../constants';
import type { Scope, User, UserInput, UserSummary } from '../contract/admin';
import type { PersonalData } from './protocol-entries';

/** A user's own fields as both backends store them (dates as ISO strings). */
export interface StoredUser {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  region: string | null;
  useRegion: boolean;
  language: Language;
  sessionTimeoutMinutes: number;
  employeeKey: string | null;
  lastLogin: string | null;
  createdAt: string;
  active: boolean;
}

/** What a user holds: role names, direct permission codes, effective codes (direct and via roles), scope. */
export interface UserGrants {
  roles: readonly string[];
  permissions: readonly string[];
  effective: readonly string[];
  scope: Scope;
}

/** A user as administration shows it (`users.getByUsername`, create, update). */
export const userView = (u: StoredUser, grants: UserGrants): User => ({
  id: u.id,
  username: u.username,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  phone: u.phone,
  region: u.region,
  useRegion: u.useRegion,
  language: u.language,
  sessionTimeoutMinutes: u.sessionTimeoutMinutes,
  roles: [...grants.roles],
  permissions: grants.permissions.map((code) => ({ code })),
  effectivePermissions: [...grants.effective],
  scope: structuredClone(grants.scope),
  employeeKey: u.employeeKey,
  lastLogin: u.lastLogin,
  createdAt: u.createdAt,
  active: u.active,
});

/** A row of the users list. */
export const userSummary = (u: StoredUser, roles: readonly string[]): UserSummary => ({
  id: u.id,
  username: u.username,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  region: u.region,
  roles: [...roles],
  lastLogin: u.lastLogin,
});

/**
 * The stored fields a saved user form sets: an empty e-mail is none, and saving a user (with a scope
 * checked before) reactivates one that was deactivated.
 */
export const userFieldsOf = (body: UserInput) => ({
  username: body.username,
  firstname: body.firstname,
  lastname: body.lastname,
  email: body.email || null,
  phone: body.phone,
  region: body.region,
  useRegion: body.useRegion,
  language: body.language,
  sessionTimeoutMinutes: body.sessionTimeoutMinutes,
  employeeKey: body.employeeKey,
  active: true,
});

/**
 * What a user's own profile update writes (`profile.update`: blank e-mail and phone are none) and what the
 * data was before, for the protocol; both backends apply it.
 */
export const personalDataChange = (
  user: PersonalData,
  body: {
    firstname: string;
    lastname: string;
    email?: string | null;
    phone?: string | null;
    language: Language;
  },
): { before: PersonalData; after: PersonalData & { language: Language } } => ({
  before: {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    language: user.language,
  },
  after: {
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email || null,
    phone: body.phone || null,
    language: body.language,
  },
});
