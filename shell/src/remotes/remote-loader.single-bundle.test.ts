import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicPages } from './public-pages';
import { bundledRemoteIds } from './remote-loader.single-bundle';

// The federation overhead is measured on the payer pages: the variant must route every one of them.
test('the single-bundle variant bundles every payer page the shell routes to', () => {
  expect([...bundledRemoteIds].sort()).toEqual(publicPages.map((p) => p.remote.id).sort());
});

// The build lists the files of a chunk named after a remote module id (page-chunks.json), and the
// server preloads them with the page, as it preloads the federated page's remote files.
test("each bundled page's chunk is named after its id, so its page is sent with preload hints", () => {
  const source = readFileSync(join(__dirname, 'remote-loader.single-bundle.ts'), 'utf8');
  // Read as the formatter lays it out: the import may start on the next line.
  for (const id of bundledRemoteIds)
    expect(source).toMatch(new RegExp(`'${id}': \\(\\) =>\\s*import\\(/\\* webpackChunkName: "${id}" \\*/`));
});
