import { z } from 'zod';
import { Session } from './auth';
import { Code, Id, IsoDateTime, Language, ListRequest, Ok, pageOf } from './common';
import { defineEndpoint } from './define';
import { ReviewRequest } from './review';

/**
 * What data a user may see: everything, or concerns / branches / locations named by code.
 * A location is in scope when it, its branch or its concern is named.
 */
export const Scope = z.strictObject({
  all: z.boolean(),
  concerns: z.array(Code).max(1000),
  branches: z.array(Code).max(1000),
  locations: z.array(Code).max(5000),
});
export type Scope = z.infer<typeof Scope>;

export const SESSION_TIMEOUT_DEFAULT_MINUTES = 60;

const userFields = {
  firstname: z.string().trim().max(100),
  lastname: z.string().trim().max(100),
  email: z.union([z.literal(''), z.email().max(200)]).nullable(),
  phone: z.string().trim().max(50).nullable(),
  region: z.string().trim().max(100).nullable(),
  useRegion: z.boolean(),
  language: Language,
  sessionTimeoutMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
};

export const User = z.object({
  id: z.string(),
  username: z.string(),
  ...userFields,
  roles: z.array(z.string()),
  /** Codes granted directly; each with a code, as the spec says. */
  permissions: z.array(z.object({ code: z.string() })),
  /** Effective codes: direct plus those of the roles. */
  effectivePermissions: z.array(z.string()),
  scope: Scope,
  employeeKey: z.string().nullable(),
  lastLogin: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  /** False for a user who cannot sign in (e.g. a customer user left without a scope: saving it with one reactivates it). */
  active: z.boolean(),
});
export type User = z.infer<typeof User>;

export const UserSummary = User.pick({
  id: true,
  username: true,
  firstname: true,
  lastname: true,
  email: true,
  region: true,
  roles: true,
  lastLogin: true,
});
export type UserSummary = z.infer<typeof UserSummary>;

const Username = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ @ - only');
const Password = z.string().min(8).max(200);

export const UserInput = z.strictObject({
  username: Username,
  ...userFields,
  roles: z.array(z.string().trim().min(1).max(64)).max(50),
  permissions: z.array(z.string().trim().min(1).max(64)).max(500),
  scope: Scope,
  employeeKey: z.string().trim().max(64).nullable(),
  /** Required on create; on update an empty or missing pair keeps the password. */
  password: z.union([z.literal(''), Password]).optional(),
  passwordRepeat: z.string().max(200).optional(),
});
export type UserInput = z.infer<typeof UserInput>;

export const Role = z.object({
  id: z.string(),
  rolename: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  region: z.string().nullable(),
  permissions: z.array(z.string()),
  /** Users holding the role among those the caller administers (a customer admin: its concern's). */
  userCount: z.number().int(),
  /** Built-in roles (ADMIN...) keep their name and cannot be deleted. */
  builtIn: z.boolean(),
  /** The concern that owns the role; null for global roles (built-in, or made by internal staff). */
  concernCode: z.string().nullable(),
  /** Whether the caller may change and delete it (global roles: internal administrators only). */
  editable: z.boolean(),
  /**
   * Whether its users must sign in with a second factor (ADR 0063); one without a factor is led to enrol
   * right after the password at the next sign-in.
   */
  secondFactorRequired: z.boolean(),
  /** Of `userCount`, those without a second factor (they enrol at their next sign-in when it is required). */
  usersWithoutSecondFactor: z.number().int(),
});
export type Role = z.infer<typeof Role>;

export const RoleInput = z.strictObject({
  rolename: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9_ -]+$/),
  firstname: z.string().trim().max(100).nullable().optional(),
  lastname: z.string().trim().max(100).nullable().optional(),
  region: z.string().trim().max(100).nullable().optional(),
  permissions: z.array(z.string().trim().min(1).max(64)).max(500),
  /** The second-factor policy of the role; missing: false on create, unchanged on update. */
  secondFactorRequired: z.boolean().optional(),
});
export type RoleInput = z.infer<typeof RoleInput>;

export const PermissionInfo = z.object({
  code: z.string(),
  category: z.enum(['route', 'action', 'filter', 'field']),
  groups: z.array(z.string()),
});

export const PasswordChange = z.strictObject({
  oldPassword: z.string().min(1).max(200),
  newPassword: Password,
  newPasswordRepeat: z.string().max(200),
});

const userByName = {
  params: z.strictObject({ username: z.string().trim().min(1).max(64) }),
  tenant: { kind: 'user', param: 'username' },
} as const;

export const users = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/users',
    summary: 'Users the caller administers, paged (filterMap: username, name, role, region)',
    body: ListRequest,
    permissions: ['PERM_CREATEUSER'],
    response: pageOf(UserSummary),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/user/create',
    summary:
      'Create a user (409 username_already_exists, 400 passwords_different, scope_required, permission_not_held)',
    body: UserInput,
    permissions: ['PERM_CREATEUSER'],
    inputPermissions: 'permissions, roles or a scope beyond the caller’s own',
    conflicts: ['username_already_exists'],
    status: 201,
    response: User,
  }),
  getByUsername: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/user/:username',
    summary: 'One user by username',
    ...userByName,
    permissions: ['PERM_CREATEUSER'],
    response: User,
  }),
  getById: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/userid/:id',
    summary: 'One user by id (own profile needs no permission)',
    params: z.strictObject({ id: Id }),
    tenant: { kind: 'user', param: 'id' },
    inputPermissions: 'another user than the caller needs PERM_CREATEUSER',
    response: User,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/user/:username',
    summary: 'Update a user',
    ...userByName,
    body: UserInput,
    permissions: ['PERM_CREATEUSER'],
    inputPermissions: 'permissions, roles or a scope beyond the caller’s own',
    conflicts: ['username_already_exists'],
    response: User,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/user/:username',
    summary: 'Delete a user',
    ...userByName,
    permissions: ['PERM_REMOVEUSER'],
    conflicts: ['deletion_error'],
    response: Ok,
  }),
  permissions: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/permissions',
    summary: 'The permission catalogue the caller may grant, with visibility groups',
    response: z.array(PermissionInfo),
  }),
};

const roleByName = {
  params: z.strictObject({ rolename: z.string().trim().min(1).max(64) }),
  tenant: { kind: 'role', param: 'rolename' },
} as const;

export const roles = {
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/listroles',
    summary: 'Roles, paged (filterMap: rolename, region)',
    body: ListRequest,
    permissions: ['PERM_CREATEROLE'],
    response: pageOf(Role),
  }),
  all: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/roles',
    summary: 'Every role the caller may assign',
    response: z.array(Role),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/role/create',
    summary:
      "Create a role, owned by the caller's concern for a customer admin, global for internal staff (409 rolename_already_exists, 400 permission_not_held)",
    body: RoleInput,
    permissions: ['PERM_CREATEROLE'],
    inputPermissions: 'permissions beyond the caller’s own',
    conflicts: ['rolename_already_exists'],
    status: 201,
    response: Role,
  }),
  getById: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/roleid/:id',
    summary: 'One role by id',
    params: z.strictObject({ id: Id }),
    tenant: { kind: 'role', param: 'id' },
    permissions: ['PERM_CREATEROLE'],
    response: Role,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/role/:rolename',
    summary:
      'Update a role (403 role_read_only for a global role and a customer admin; 400 permission_not_held)',
    ...roleByName,
    body: RoleInput,
    permissions: ['PERM_CREATEROLE'],
    inputPermissions: 'permissions beyond the caller’s own',
    conflicts: ['rolename_already_exists'],
    response: Role,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/rest/v2/role/:rolename',
    summary: 'Delete a role (403 role_read_only, 409 deletion_error for a built-in role)',
    ...roleByName,
    permissions: ['PERM_REMOVEROLE'],
    conflicts: ['deletion_error'],
    response: Ok,
  }),
};

/** The own personal data a user edits on the profile (spec: Profile, personal data). */
export const ProfileInput = z.strictObject({
  firstname: userFields.firstname,
  lastname: userFields.lastname,
  email: userFields.email,
  phone: userFields.phone,
  language: Language,
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const profile = {
  update: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile',
    summary: 'Change the own personal data (name, e-mail, phone, language; protocolled); answers the session',
    body: ProfileInput,
    response: Session,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/password',
    summary: 'Change the own password (400 wrong_password, passwords_different)',
    body: PasswordChange,
    throttled: true,
    response: Ok,
  }),
  setLanguage: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/profile/language',
    summary: 'Store the own interface language',
    body: z.strictObject({ language: Language }),
    response: Session,
  }),
};

export const AdminOverview = z.object({
  counts: z.object({
    concerns: z.number().int(),
    branches: z.number().int(),
    locations: z.number().int(),
    containers: z.number().int(),
    users: z.number().int(),
    roles: z.number().int(),
  }),
  pendingRequests: z.number().int(),
  exports: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  version: z.string(),
  startedAt: IsoDateTime,
});

export const DashboardLocation = z.object({
  code: z.string(),
  name: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  concernCode: z.string(),
  concernName: z.string(),
  containerCount: z.number().int(),
  alarmingCount: z.number().int(),
});

export const Dashboard = z.object({
  locations: z.array(DashboardLocation),
  myPendingRequests: z.number().int(),
  toReview: z.number().int(),
  recentRequests: z.array(ReviewRequest),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const admin = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/admin/overview',
    summary: 'System overview: counts, pending requests, export jobs, version',
    permissions: ['PERM_SYSADMIN'],
    response: AdminOverview,
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/dashboard',
    summary: "The start page: the user's locations by alarming count, and request counts",
    response: Dashboard,
  }),
};
