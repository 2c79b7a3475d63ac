import { parseAreas } from './areas';

const area = { path: 'reports', label: 'Reports', permission: 'dashboard.view', module: 'ReportsPage' };

test('reads the areas a remote declares, keeping only the known fields', () => {
  expect(parseAreas({ areas: [{ ...area, order: 3, icon: 'bar_chart', extra: true }] })).toEqual([
    { ...area, order: 3, icon: 'bar_chart' },
  ]);
});

test.each([
  ['the shell’s own settings page', { areas: [{ ...area, path: 'settings' }] }, 'areas[0].path'],
  ['an address that climbs out of /control', { areas: [{ ...area, path: 'reports/../../api' }] }, 'areas[0].path'],
  ['an empty label', { areas: [{ ...area, label: ' ' }] }, 'areas[0].label'],
  ['a module path instead of a name', { areas: [{ ...area, module: './ReportsPage' }] }, 'areas[0].module'],
  ['a permission that is not a name', { areas: [{ ...area, permission: '*' }] }, 'areas[0].permission'],
  ['one address twice', { areas: [area, { ...area, module: 'OtherPage' }] }, 'areas[1].path reports is declared twice'],
  ['no list', { pages: [] }, '"areas" must be a list'],
])('refuses %s, naming the field', (_case, document, message) => {
  expect(() => parseAreas(document, 'mf_reports areas.json')).toThrow(`mf_reports areas.json: ${message}`);
});
