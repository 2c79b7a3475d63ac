import { can, manageableRoles, roles, type Permission } from './roles';

test('the roles table of the design: what each role may do', () => {
  const matrix = (permission: Permission) => roles.filter((r) => can(r, permission));
  expect(matrix('users.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('users.reset_two_factor')).toEqual(['super_admin']);
  expect(matrix('wallet.view')).toEqual(['super_admin', 'admin']);
  expect(matrix('cards.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('figures.real')).toEqual(['super_admin', 'admin']);
  expect(matrix('cards.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('dashboard.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('developers.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('settings.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('disputes.view')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(matrix('disputes.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('developers.manage')).toEqual(['super_admin', 'admin']);
  expect(matrix('balance.view')).toEqual(['super_admin', 'admin']);
});

test("balance history goes only to roles that see real figures: its fees and nets are never a viewer's 10 % / 90 %", () => {
  for (const role of roles) if (can(role, 'balance.view')) expect([role, can(role, 'figures.real')]).toEqual([role, true]);
});

test('an admin manages admin and viewer accounts only; a viewer none', () => {
  expect(manageableRoles('super_admin')).toEqual(['super_admin', 'admin', 'viewer']);
  expect(manageableRoles('admin')).toEqual(['admin', 'viewer']);
  expect(manageableRoles('viewer')).toEqual([]);
});
