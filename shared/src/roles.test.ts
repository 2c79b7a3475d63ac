import { isBuiltInRole, isPermission } from './roles';

test('permission and built-in role guards', () => {
  expect(isPermission('roles.manage')).toBe(true);
  expect(isPermission('roles.destroy')).toBe(false);
  expect(isBuiltInRole('viewer')).toBe(true);
  expect(isBuiltInRole('support')).toBe(false);
});
