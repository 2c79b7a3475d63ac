import {
  builtInRoles,
  isBuiltInRole,
  isPermission,
  permissions,
  type BuiltInRole,
  type Permission,
  type RoleKey,
} from '@paydesk/shared/roles';
import { closure, sortedPermissions } from './permission-catalogue';

interface BuiltIn {
  name: string;
  description: string;
  /** Granted; the role holds their closure (PERM-02). */
  grants: readonly Permission[];
}

/** The one role that holds every permission, and of which one active user always remains (USR-11). */
export const SUPER_ADMIN: BuiltInRole = 'super_admin';

/**
 * The built-in roles (PERM-03): defined here, never stored with their permissions, never edited.
 * Their grants are ROLE-06's table; server/test/built-in-roles.test.ts pins them route by route.
 * Their rows in the roles table exist so that users.role can reference every role.
 */
const builtIns: Record<BuiltInRole, BuiltIn> = {
  super_admin: {
    name: 'Super Admin',
    description: 'Every permission, including roles, the audit log, the platform and resetting two-factor sign-in.',
    grants: permissions,
  },
  admin: {
    name: 'Admin',
    description: 'Runs the business: payments, refunds, disputes, users (not super admins), cards, the wallet and developers.',
    grants: [
      'dashboard.view',
      'figures.real',
      'transactions.refund',
      'disputes.manage',
      'users.manage',
      'cards.manage',
      'wallet.withdraw',
      'balance.view',
      'settings.view',
      'developers.manage',
    ],
  },
  viewer: {
    name: 'Viewer',
    description: 'Reads the dashboard, transactions, disputes and cards, with fees and net shown as 10 % and 90 % of gross.',
    grants: ['dashboard.view', 'transactions.view', 'disputes.view', 'cards.view', 'settings.view'],
  },
};

const held: Record<BuiltInRole, ReadonlySet<Permission>> = {
  super_admin: closure(builtIns.super_admin.grants),
  admin: closure(builtIns.admin.grants),
  viewer: closure(builtIns.viewer.grants),
};

export interface BuiltInRoleInfo {
  key: BuiltInRole;
  name: string;
  description: string;
  permissions: Permission[];
}

export const builtInRoleList = (): BuiltInRoleInfo[] =>
  builtInRoles.map((key) => ({
    key,
    name: builtIns[key].name,
    description: builtIns[key].description,
    permissions: sortedPermissions(held[key]),
  }));

/** What a built-in role holds, or undefined for any other key. */
export const builtInPermissions = (key: RoleKey): ReadonlySet<Permission> | undefined => (isBuiltInRole(key) ? held[key] : undefined);

/**
 * What a role holds (PERM-02, PERM-03): a built-in role's grants from this file, a custom role's
 * stored keys widened to their closure. A stored key the catalogue no longer has grants nothing.
 */
export const rolePermissions = (key: RoleKey, stored: readonly string[]): ReadonlySet<Permission> =>
  builtInPermissions(key) ?? closure(stored.filter(isPermission));

/** A built-in role's name as this version calls it; a custom role's is its stored one. */
export const roleName = (key: RoleKey, stored: string): string => (isBuiltInRole(key) ? builtIns[key].name : stored);
