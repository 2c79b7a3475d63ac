import { z } from 'zod';
import { isPermission, permissions } from '../roles';
import { roleKey } from './role';

/** A permission's key on the wire (PERM-01). */
export const permissionKey = z.enum(permissions);

/** One entry of the permission catalogue, as GET /api/backend/permissions lists it (PERM-01). */
export const permissionInfo = z.object({
  key: permissionKey,
  /** Short, for a check box: `Refund payments`. */
  label: z.string(),
  /** A sentence a person reads to decide whether to grant it. */
  description: z.string(),
  /** The area it belongs to, for grouping: `Transactions`. */
  group: z.string(),
  /** Held with it, always (PERM-02): `transactions.refund` implies `transactions.view`. */
  implies: z.array(permissionKey),
});
export type PermissionInfo = z.infer<typeof permissionInfo>;

export const permissionsResponse = z.object({ data: z.array(permissionInfo) });
export type PermissionsResponse = z.infer<typeof permissionsResponse>;

/** A role as GET /api/backend/roles lists it (PERM-05). */
export const roleInfo = z.object({
  key: roleKey,
  name: z.string(),
  description: z.string(),
  /** super_admin, admin and viewer: never edited nor deleted (PERM-03). */
  built_in: z.boolean(),
  /** Closed under `implies`, sorted (PERM-02). */
  permissions: z.array(permissionKey),
  /** How many users hold it; a role held by anyone cannot be deleted (PERM-06). */
  user_count: z.number().int().nonnegative(),
  /** The caller may give this role to a user: they hold `users.manage` and every permission of the role (PERM-07). */
  assignable: z.boolean(),
});
export type RoleInfo = z.infer<typeof roleInfo>;

export const rolesResponse = z.object({ data: z.array(roleInfo) });
export type RolesResponse = z.infer<typeof rolesResponse>;

/** The answer of POST and PUT /api/backend/roles: the role as it is now. */
export const roleResponse = z.object({ data: roleInfo });
export type RoleResponse = z.infer<typeof roleResponse>;

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 500;

const roleName = z.string().trim().min(1, 'Name is required').max(ROLE_NAME_MAX, `Name is at most ${ROLE_NAME_MAX} characters`);
const roleDescription = z.string().trim().max(ROLE_DESCRIPTION_MAX, `Description is at most ${ROLE_DESCRIPTION_MAX} characters`);

/**
 * Permission keys as sent: an unknown one is refused by name (PERM-06). The server widens the
 * list to its closure under `implies` and sorts it (PERM-02).
 */
const permissionList = z
  .array(z.string().max(64))
  .max(permissions.length * 2)
  .superRefine((keys, ctx) => {
    const unknown = keys.filter((key) => !isPermission(key));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `Unknown permission: ${unknown.join(', ')}` });
  })
  .transform((keys) => keys.filter(isPermission));

/** POST /api/backend/roles: without a key, the server makes one from the name (PERM-04). */
export const createRoleRequest = z.object({
  key: roleKey.optional(),
  name: roleName,
  description: roleDescription.default(''),
  permissions: permissionList,
});
export type CreateRoleRequest = z.input<typeof createRoleRequest>;

/** PUT /api/backend/roles/{key}: a custom role's name, description and permissions, all replaced. */
export const updateRoleRequest = z.object({
  name: roleName,
  description: roleDescription.default(''),
  permissions: permissionList,
});
export type UpdateRoleRequest = z.input<typeof updateRoleRequest>;

/** The `{key}` of /api/backend/roles/{key}. */
export const roleKeyParams = z.object({ key: roleKey });
