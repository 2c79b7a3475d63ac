// No zod here: the page's store and the menu read this, and a payer page that loads the store
// (to pay) should not load zod with it. The wire schemas are schemas/role.ts and schemas/roles.ts.

/**
 * Every permission the server knows (PERM-01 in docs/requirements.md). The server's catalogue
 * (server/src/roles/permission-catalogue.ts) gives each its label, description, group and what it
 * implies, and its type proves it covers every key of this list. The server enforces them on
 * every route (SEC-04); the shell's menu and the remotes' buttons only mirror them.
 */
export const permissions = [
  'dashboard.view',
  'figures.real',
  'transactions.view',
  'transactions.refund',
  'disputes.view',
  'disputes.manage',
  'users.view',
  'users.manage',
  'users.reset_two_factor',
  'roles.view',
  'roles.manage',
  'cards.view',
  'cards.manage',
  'wallet.view',
  'wallet.withdraw',
  'balance.view',
  'settings.view',
  'developers.manage',
  'audit.view',
  'platform.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** A permission named in data (a remote's areas.json, a stored role) is one of the list's. */
export const isPermission = (value: string): value is Permission => (permissions as readonly string[]).includes(value);

/** The roles built into the product (PERM-03): their grants are the server's, and never change at run time. */
export const builtInRoles = ['super_admin', 'admin', 'viewer'] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

/** Any role's key: a built-in one or a custom role's (schemas/role.ts has its format). */
export type RoleKey = string;

export const isBuiltInRole = (key: string): key is BuiltInRole => (builtInRoles as readonly string[]).includes(key);

/** @deprecated The built-in roles only; a user's role is any `RoleKey`. Use `builtInRoles`. */
export const roles = builtInRoles;
/** @deprecated A user's role is any `RoleKey`; the built-in ones are `BuiltInRole`. */
export type Role = BuiltInRole;

// What the deprecated helpers below answer for the built-in roles: the same sets as the server's
// (server/test/built-in-roles.test.ts compares them). Custom roles are unknown here.
const legacyGrants: Record<BuiltInRole, ReadonlySet<Permission>> = {
  super_admin: new Set<Permission>(permissions),
  admin: new Set<Permission>([
    'dashboard.view',
    'figures.real',
    'transactions.view',
    'transactions.refund',
    'disputes.view',
    'disputes.manage',
    'users.view',
    'users.manage',
    'roles.view',
    'cards.view',
    'cards.manage',
    'wallet.view',
    'wallet.withdraw',
    'balance.view',
    'settings.view',
    'developers.manage',
  ]),
  viewer: new Set<Permission>(['dashboard.view', 'transactions.view', 'disputes.view', 'cards.view', 'settings.view']),
};

/**
 * @deprecated Knows the built-in roles only and answers false for a custom role. Read the
 * signed-in user's `permissions` from `GET /api/auth/me` instead.
 */
export const can = (who: RoleKey, what: Permission): boolean => (isBuiltInRole(who) ? legacyGrants[who].has(what) : false);

/**
 * @deprecated Which built-in roles an actor of a built-in role may manage. The rule is now the
 * subset rule (PERM-07): read `assignable` from `GET /api/backend/roles`.
 */
export const manageableRoles = (who: RoleKey): readonly BuiltInRole[] => {
  if (!isBuiltInRole(who) || !legacyGrants[who].has('users.manage')) return [];
  const held = legacyGrants[who];
  return builtInRoles.filter((role) => [...legacyGrants[role]].every((permission) => held.has(permission)));
};

/** @deprecated A built-in role's name; a custom role's is its `name` from `GET /api/backend/roles` (or `role_name` of `/me`). */
export const roleLabel = (r: RoleKey): string => {
  switch (r) {
    case 'super_admin':
      return 'Super Admin';
    case 'admin':
      return 'Admin';
    case 'viewer':
      return 'Viewer';
    default:
      return r;
  }
};
