import type { Permission } from '@paydesk/shared/roles';
import { permissions } from '@paydesk/shared/roles';

/** What a person reads about a permission before granting it (PERM-01). */
export interface PermissionEntry {
  label: string;
  description: string;
  group: string;
  /** Held with it, always (PERM-02): what it cannot be used without, or gives by what it can do. */
  implies: readonly Permission[];
}

/**
 * THE permission catalogue (PERM-01): one entry per key of `permissions` (shared/src/roles.ts),
 * which `satisfies` proves, in the order the roles page groups them. Every route's
 * `app.authorize(permission)` names one of these keys.
 */
export const permissionCatalogue = {
  'dashboard.view': {
    label: 'View the dashboard',
    description: 'Revenue, transaction counts, the chart and the newest transactions on the dashboard.',
    group: 'Dashboard',
    implies: [],
  },
  'figures.real': {
    label: 'See real fees and net amounts',
    description:
      'The stored processing fee and net amount of payments and revenue, and the Transaction Summary card. Without it the server sends a fee of 10 % and a net of 90 % of the gross instead (ROLE-04).',
    group: 'Dashboard',
    implies: [],
  },
  'transactions.view': {
    label: 'View transactions',
    description: 'The transactions list, its filters and exports, and each transaction’s details and refunds.',
    group: 'Transactions',
    implies: [],
  },
  'transactions.refund': {
    label: 'Refund payments',
    description: 'Refund a paid payment in full or in part; the refund is paid from the available balance.',
    group: 'Transactions',
    implies: ['transactions.view'],
  },
  'disputes.view': {
    label: 'View disputes',
    description: 'The disputes list, each dispute’s details, timeline and evidence files.',
    group: 'Disputes',
    implies: [],
  },
  'disputes.manage': {
    label: 'Answer disputes',
    description: 'Save and submit evidence, upload evidence files, accept a dispute, and open one in demo mode.',
    group: 'Disputes',
    implies: ['disputes.view'],
  },
  'users.view': {
    label: 'View users',
    description: 'The list of staff accounts with their roles, status and whether they use a second factor.',
    group: 'Users and roles',
    implies: [],
  },
  'users.manage': {
    label: 'Manage users',
    description:
      'Add, edit and delete staff accounts and set their roles, only to roles whose permissions the actor holds all of (PERM-07).',
    group: 'Users and roles',
    implies: ['users.view', 'roles.view'],
  },
  'users.reset_two_factor': {
    label: 'Reset two-factor sign-in',
    description: 'Remove another user’s second factors (a lost phone or security key), so they can sign in with a password again.',
    group: 'Users and roles',
    implies: ['users.view'],
  },
  'roles.view': {
    label: 'View roles',
    description: 'The roles, the permissions each holds and how many users hold each.',
    group: 'Users and roles',
    implies: [],
  },
  'roles.manage': {
    label: 'Manage roles',
    description: 'Create, edit and delete custom roles, never with a permission the actor does not hold (PERM-06).',
    group: 'Users and roles',
    implies: ['roles.view'],
  },
  'cards.view': {
    label: 'View the card pool',
    description: 'The sandbox card pool, masked, and card search.',
    group: 'Cards',
    implies: [],
  },
  'cards.manage': {
    label: 'Manage the card pool',
    description: 'Upload cards from a spreadsheet, block and unblock cards.',
    group: 'Cards',
    implies: ['cards.view'],
  },
  'wallet.view': {
    label: 'View the wallet',
    description: 'The available and pending balance and the list of withdrawals.',
    group: 'Wallet',
    implies: [],
  },
  'wallet.withdraw': {
    label: 'Withdraw money',
    description: 'Request a withdrawal of the available balance to a bank account.',
    group: 'Wallet',
    implies: ['wallet.view'],
  },
  'balance.view': {
    label: 'View balance history',
    description:
      'Every movement of the available balance with its real fee and net, the reconciliation report and its exports; so it comes with real figures and the wallet.',
    group: 'Wallet',
    implies: ['wallet.view', 'figures.real'],
  },
  'settings.view': {
    label: 'Open Settings',
    description: 'The Settings page: preferences kept in the browser.',
    group: 'Settings',
    implies: [],
  },
  'developers.manage': {
    label: 'Manage webhooks and API keys',
    description:
      'Webhook endpoints, their deliveries and events, API keys and the API request log. A secret key made here can read payments, refund them, answer disputes and read the balance history through the merchant API, so this permission comes with those.',
    group: 'Developers',
    implies: ['transactions.view', 'transactions.refund', 'disputes.manage', 'balance.view'],
  },
  'audit.view': {
    label: 'Read the audit log',
    description: 'Every recorded staff action and security event, its filters and CSV export.',
    group: 'Audit',
    implies: [],
  },
  'platform.manage': {
    label: 'Manage the platform',
    description: 'Release, preview, promote and roll back the front-end remotes, and create and revoke their deploy tokens.',
    group: 'Platform',
    implies: [],
  },
} as const satisfies Record<Permission, PermissionEntry>;

/** A set of permissions with everything they imply, to a fixed point (PERM-02). */
export function closure(granted: Iterable<Permission>): Set<Permission> {
  const held = new Set<Permission>();
  const pending = [...granted];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (held.has(next)) continue;
    held.add(next);
    pending.push(...permissionCatalogue[next].implies);
  }
  return held;
}

/** In the list's order (shared/src/roles.ts), which the catalogue's listing follows. */
export const inCatalogueOrder = (held: Iterable<Permission>): Permission[] => {
  const set = new Set(held);
  return permissions.filter((permission) => set.has(permission));
};

/** Sorted by key, as the API sends a role's permissions. */
export const sortedPermissions = (held: Iterable<Permission>): Permission[] => [...new Set(held)].sort();

/** `held` includes every permission of `wanted` (PERM-06, PERM-07). */
export const holdsAll = (held: ReadonlySet<Permission>, wanted: Iterable<Permission>): boolean => {
  for (const permission of wanted) if (!held.has(permission)) return false;
  return true;
};
