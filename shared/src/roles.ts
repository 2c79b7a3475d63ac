// No zod here: the page's store and the menu read this, and a payer page that loads the store
// (to pay) should not load zod with it. The wire schemas are schemas/role.ts and schemas/roles.ts.

/**
 * Every permission the server knows (PERM-01 in docs/requirements.md). The server's catalogue
 * (server/src/auth/permission-catalogue.ts) gives each its label, description, group and what it
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
