// The modules every container shares, one instance each in the page (design.md, Front end).
// requiredVersion is the exact version installed for the workspace, so a remote built against
// another major refuses to share instead of silently running two copies.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const fs = require('node:fs');

/** The installed version, read from the package's folder (some export maps hide package.json). */
const versionOf = (pkg) =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** [package, also share its deep imports by prefix]; 'only' shares the deep imports alone. */
const singletons = [
  ['react', true],
  ['react-dom', true],
  ['react-router', false],
  ['react-router-dom', false],
  ['react-redux', false],
  ['@reduxjs/toolkit', true],
  ['@mui/material', true],
  ['@mui/system', true],
  ['@mui/utils', true],
  ['@mui/styled-engine', false],
  ['@mui/icons-material', true],
  ['@emotion/react', true],
  ['@emotion/styled', false],
  ['@emotion/cache', false],
  ['notistack', false],
  ['zod', false],
  // No entry point of its own: every import names a module, e.g. @paydesk/shared/store.
  ['@paydesk/shared', 'only'],
];

function sharedDeps() {
  const shared = {};
  for (const [pkg, withDeepImports] of singletons) {
    const entry = { singleton: true, requiredVersion: versionOf(pkg), strictVersion: false };
    if (withDeepImports !== 'only') shared[pkg] = entry;
    if (withDeepImports) shared[`${pkg}/`] = entry;
  }
  return shared;
}

module.exports = { sharedDeps, root };
