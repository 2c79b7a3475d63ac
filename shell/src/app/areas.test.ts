import { manifestRemote as remote, productRemotes } from '../testing/product-remotes';
import { controlAreasOf } from './areas';

test("the menu follows each area's order across remotes, then the order of declaration", () => {
  const areas = controlAreasOf([
    remote('mf_b', [
      { path: 'b-last', label: 'B last', permission: 'cards.view', module: 'Last' },
      { path: 'b-first', label: 'B first', permission: 'cards.view', module: 'First', order: 1 },
    ]),
    remote('mf_a', [{ path: 'a-middle', label: 'A middle', permission: 'cards.view', module: 'Middle', order: 5 }]),
  ]);
  expect(areas.map(({ path, remote: { id } }) => [path, id])).toEqual([
    ['b-first', 'mf_b/First'],
    ['a-middle', 'mf_a/Middle'],
    ['b-last', 'mf_b/Last'],
  ]);
});

test('a page without a label is named after the area it sits under, for its fallback', () => {
  const areas = controlAreasOf([
    remote('mf_reports', [
      { path: 'reports', label: 'Reports', permission: 'cards.view', module: 'ReportsPage' },
      { path: 'reports/:id', permission: 'cards.view', module: 'ReportPage' },
      { path: 'exports', permission: 'cards.view', module: 'ExportsPage' },
    ]),
  ]);
  expect(areas.map(({ path, remote: { area } }) => [path, area])).toEqual([
    ['reports', 'Reports'],
    ['reports/:id', 'Reports'],
    ['exports', 'Reports'],
  ]);
});

test('an area whose permission the roles policy does not know is never routed or listed', () => {
  const areas = controlAreasOf([
    remote('mf_x', [
      { path: 'open', label: 'Open', permission: 'everyone.anything', module: 'Open' },
      { path: 'kept', label: 'Kept', permission: 'audit.view', module: 'Kept' },
    ]),
  ]);
  expect(areas.map(({ path }) => path)).toEqual(['kept']);
});

test("the product's areas are each a module of the remote that declares them, at an address of its own", () => {
  const areas = controlAreasOf(productRemotes());
  expect(new Set(areas.map(({ path }) => path)).size).toBe(areas.length);
  for (const { remote } of areas) expect(remote.id).toMatch(/^mf_[a-z]+\/[A-Z]\w+Page$/);
});
