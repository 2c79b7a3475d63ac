import { builtInRoles, can, isBuiltInRole, isPermission, manageableRoles, roleLabel, type Permission } from './roles';

// The deprecated helpers keep answering as before for the built-in roles while the front ends move
// to the permissions of GET /api/auth/me; the server's grants are compared with them in
// server/test/built-in-roles.test.ts.
test('the roles table of the design: what each built-in role may do', () => {
  const matrix = (permission: Permission) => builtInRoles.filter((r) => can(r, permission));
  expect(matrix('users.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('users.reset_two_factor')).toEqual(['super_admin']);
  expect(matrix('roles.manage')).toEqual(['super_admin']);
  expect(matrix('wallet.view')).toEqual(['super_admin', 'admin']);
  expect(matrix('cards.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('figures.real')).toEqual(['super_admin', 'admin']);
  expect(matrix('cards.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('dashboard.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('settings.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('disputes.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('disputes.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('developers.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('balance.view')).toEqual(['super_admin', 'admin']);
});

test('an admin manages admin and viewer accounts only; a viewer none; a custom role is unknown here', () => {
  expect(manageableRoles('super_admin')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(manageableRoles('admin')).toEqual(['admin', 'viewer']);
  expect(manageableRoles('viewer')).toEqual([]);
  expect(manageableRoles('support')).toEqual([]);
  expect(can('support', 'dashboard.view')).toBe(false);
  expect(roleLabel('support')).toBe('support');
});

test('permission and built-in role guards', () => {
  expect(isPermission('roles.manage')).toBe(true);
  expect(isPermission('roles.destroy')).toBe(false);
  expect(isBuiltInRole('viewer')).toBe(true);
  expect(isBuiltInRole('support')).toBe(false);
});
