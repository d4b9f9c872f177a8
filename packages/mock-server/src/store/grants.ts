import { effectivePermissions } from '@falcon/api-client';
import type { Dataset, DatasetRole, DatasetUser } from '@falcon/demo-data';

/** Users and roles, and what a user holds through them (copies: the dataset itself never changes). */
export class GrantStore {
  readonly users: Map<string, DatasetUser>;
  readonly roles: Map<string, DatasetRole>;

  constructor(dataset: Dataset) {
    this.users = new Map(dataset.users.map((u) => [u.id, structuredClone(u)]));
    this.roles = new Map(dataset.roles.map((r) => [r.id, structuredClone(r)]));
  }

  userByName(username: string): DatasetUser | undefined {
    const wanted = username.trim().toLowerCase();
    for (const u of this.users.values()) if (u.username.toLowerCase() === wanted) return u;
    return undefined;
  }

  roleByName(rolename: string): DatasetRole | undefined {
    const wanted = rolename.trim().toLowerCase();
    for (const r of this.roles.values()) if (r.rolename.toLowerCase() === wanted) return r;
    return undefined;
  }

  rolePermissions = (rolename: string): readonly string[] | undefined =>
    this.roleByName(rolename)?.permissions;

  effectivePermissionsOf(user: DatasetUser): string[] {
    return effectivePermissions(user.permissions, user.roles, this.rolePermissions);
  }
}
