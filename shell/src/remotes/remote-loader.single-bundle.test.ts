import { publicPages } from '../app/areas';
import { bundledRemoteIds } from './remote-loader.single-bundle';

// The federation overhead is measured on the payer pages: the variant must route every one of them.
test('the single-bundle variant bundles every payer page the shell routes to', () => {
  expect([...bundledRemoteIds].sort()).toEqual(publicPages.map((p) => p.remote.id).sort());
});
