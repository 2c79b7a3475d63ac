// No zod here: the page's store and the menu read this, and a payer page that loads the store
// (to pay) should not load zod with it. The role schema is schemas/role.ts.
export const roles = ['super_admin', 'admin', 'viewer'] as const;
export type Role = (typeof roles)[number];

/**
 * The one roles policy (ROLE-06 in docs/requirements.md). The server enforces it on every route
 * (SEC-04); the shell's menu and the remotes' buttons only mirror it.
 */
export const permissions = [
  'dashboard.view',
  'transactions.view',
  'transactions.refund',
  /** Disputes: read them (DSP-08). */
  'disputes.view',
  /** Disputes: answer with evidence, accept, and open one in demo mode (DSP-08, DSP-03). */
  'disputes.manage',
  'figures.real',
  'users.manage',
  /** Remove another user's second factor (a lost phone): super_admin only (AUTH-13). */
  'users.reset_two_factor',
  'cards.view',
  'cards.manage',
  'wallet.view',
  'wallet.withdraw',
  /** Balance history: the movements of the available balance and their reconciliation (BAL-05); real figures only. */
  'balance.view',
  'settings.view',
  'developers.manage',
  /** The audit trail (AUD-05): super_admin only. */
  'audit.view',
  /** Release, promote and roll back the federated remotes: super_admin only. */
  'platform.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** A permission named in data (a remote's areas.json) is one of the policy's. */
export const isPermission = (value: string): value is Permission => (permissions as readonly string[]).includes(value);

const grants: Record<Role, ReadonlySet<Permission>> = {
  // Every permission of the policy.
  super_admin: new Set<Permission>(permissions),
  admin: new Set<Permission>([
    'dashboard.view',
    'transactions.view',
    'transactions.refund',
    'disputes.view',
    'disputes.manage',
    'figures.real',
    'users.manage',
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

export const can = (who: Role, what: Permission): boolean => grants[who].has(what);

/** Which roles an actor may create, edit or delete (an admin never touches a super_admin). */
export const manageableRoles = (who: Role): readonly Role[] => {
  switch (who) {
    case 'super_admin':
      return roles;
    case 'admin':
      return ['admin', 'viewer'];
    case 'viewer':
      return [];
  }
};

export const roleLabel = (r: Role): string => {
  switch (r) {
    case 'super_admin':
      return 'Super Admin';
    case 'admin':
      return 'Admin';
    case 'viewer':
      return 'Viewer';
  }
};
