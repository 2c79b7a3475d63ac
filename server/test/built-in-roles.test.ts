import { builtInRoles, permissions, type Permission } from '@paydesk/shared/roles';
import { builtInPermissions, builtInRoleList, rolePermissions } from '../src/auth/built-in-roles';
import { closure, permissionCatalogue } from '../src/auth/permission-catalogue';
import { keyFromName, nextFreeKey } from '../src/users/role-keys';
import { builtInHolds } from './route-access';

/** The built-in roles and the catalogue, without a database (PERM-01 to PERM-04). */
describe('the built-in roles', () => {
  test.each(builtInRoles)('%s holds what the route table says', (role) => {
    expect([...(builtInPermissions(role) ?? [])].sort()).toEqual([...builtInHolds[role]].sort());
  });

  test("the product's roles table: what each built-in role may do", () => {
    const holders = (permission: Permission) => builtInRoles.filter((role) => builtInPermissions(role)?.has(permission));
    expect(holders('users.manage')).toEqual(['super_admin', 'admin']);
    expect(holders('users.reset_two_factor')).toEqual(['super_admin']);
    expect(holders('roles.manage')).toEqual(['super_admin']);
    expect(holders('wallet.view')).toEqual(['super_admin', 'admin']);
    expect(holders('cards.manage')).toEqual(['super_admin', 'admin']);
    expect(holders('figures.real')).toEqual(['super_admin', 'admin']);
    expect(holders('cards.view')).toEqual(['super_admin', 'admin', 'viewer']);
    expect(holders('dashboard.view')).toEqual(['super_admin', 'admin', 'viewer']);
    expect(holders('settings.view')).toEqual(['super_admin', 'admin', 'viewer']);
    expect(holders('disputes.view')).toEqual(['super_admin', 'admin', 'viewer']);
    expect(holders('disputes.manage')).toEqual(['super_admin', 'admin']);
    expect(holders('developers.manage')).toEqual(['super_admin', 'admin']);
    expect(holders('balance.view')).toEqual(['super_admin', 'admin']);
    expect(holders('audit.view')).toEqual(['super_admin']);
    expect(holders('platform.manage')).toEqual(['super_admin']);
  });

  test('hold their permissions closed under what they imply, and are listed with a name and a description', () => {
    for (const { key, name, description, permissions: held } of builtInRoleList()) {
      expect([key, [...closure(held)].sort()]).toEqual([key, held]);
      expect([key, name.length > 0, description.length > 0]).toEqual([key, true, true]);
    }
  });

  test('a stored row never changes a built-in role; a custom role holds the closure of its known keys', () => {
    expect(rolePermissions('viewer', ['audit.view']).has('audit.view')).toBe(false);
    expect([...rolePermissions('support', ['transactions.refund', 'cards.shred'])].sort()).toEqual([
      'transactions.refund',
      'transactions.view',
    ]);
  });
});

describe('the permission catalogue', () => {
  test('implies no permission that implies it back, so the closure is a real order', () => {
    for (const permission of permissions) {
      for (const implied of permissionCatalogue[permission].implies)
        expect([permission, closure([implied]).has(permission)]).toEqual([permission, false]);
    }
  });

  test('keeps balance history with the real figures it shows, and a secret key’s powers with developers.manage', () => {
    expect(closure(['balance.view']).has('figures.real')).toBe(true);
    expect([...closure(['developers.manage'])].sort()).toEqual([
      'balance.view',
      'developers.manage',
      'disputes.manage',
      'disputes.view',
      'figures.real',
      'transactions.refund',
      'transactions.view',
      'wallet.view',
    ]);
  });
});

describe('role keys made from names', () => {
  test.each([
    ['Support agent', 'support_agent'],
    ['  Équipe – Paris ', 'equipe_paris'],
    ['24/7 desk', 'role_24_7_desk'],
    ['X', 'role_x'],
    ['日本', 'role'],
    ['a'.repeat(80), 'a'.repeat(40)],
  ])('%j gives %j', (name, key) => {
    expect(keyFromName(name)).toBe(key);
    expect(key).toMatch(/^[a-z][a-z0-9_]{1,39}$/);
  });

  test('a taken or built-in key gets the next free number, within 40 characters', () => {
    expect(nextFreeKey('admin', [])).toBe('admin_2');
    expect(nextFreeKey('support', ['support', 'support_2'])).toBe('support_3');
    expect(nextFreeKey('s'.repeat(40), ['s'.repeat(40)])).toBe(`${'s'.repeat(38)}_2`);
  });
});
