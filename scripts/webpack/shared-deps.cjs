// The modules every container shares, one instance each in the page (PLAT-04, docs/architecture.md).
// requiredVersion is the exact version installed for the workspace, so a remote built against
// another major refuses to share instead of silently running two copies.
//
// What is shared is what holds state or context, or what every page has loaded anyway: React,
// the router, Redux and the store, emotion and MUI's theming core (@mui/material/styles,
// @mui/system and its deep imports), notistack, zod, and the stateful modules of the workspace
// package. A shared module is loaded whole and in its own request, so MUI's components and
// helpers (@mui/material/Button, @mui/utils/...) are not shared: each container bundles the ones
// it uses, tree-shaken; they read the one theme through the shared core, and the parts of a
// compound component find each other through MUI's contexts, shared by path (muiByPath). The payer pages'
// budget (PERF-01, bench/README.md) is what decided each line here: measure before adding one.
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '../..');

/** The installed version, read from the package's folder (some export maps hide package.json). */
const versionOf = (pkg) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/**
 * Shared modules that are a chosen part of a package: create-config.cjs aliases each request to
 * its file. A shared module is loaded whole, so each carries only what the containers use.
 */
const curated = {
  // react-router's declarative browser routing (production build), for both of its names.
  'react-router': path.join(__dirname, 'react-router-browser.mjs'),
  'react-router-dom': path.join(__dirname, 'react-router-browser.mjs'),
  '@mui/system': path.join(__dirname, 'mui-system.mjs'),
  '@mui/material/styles': path.join(__dirname, 'mui-styles.mjs'),
};

/**
 * [request, share its deep imports by prefix too ('only': the deep imports alone), package
 * whose version it carries when that is not the request itself].
 */
const singletons = [
  ['react', true],
  ['react-dom', true],
  ['react-router', false],
  ['react-router-dom', false],
  ['react-redux', false],
  ['@reduxjs/toolkit', true],
  // MUI's theming core: the theme API, and the contexts its components read (theme through
  // emotion, default props, direction). @mui/system's deep imports are the core's own parts,
  // which the shell has loaded before any remote, so a remote's components add no copy of them.
  ['@mui/material/styles', false, '@mui/material'],
  ['@mui/system', true],
  ['@mui/styled-engine', false],
  ['@emotion/react', true],
  ['@emotion/styled', false],
  ['@emotion/cache', false],
  ['notistack', false],
  ['zod', false],
  // The workspace package's modules that hold state: the API slice, the session, the store and
  // the toasts. Its other modules (schemas, formatting, card rules, routes, UI pieces) are plain
  // code that each container bundles where it is used, rather than one request each. Inside the
  // package, modules reach these by package name too, so a container's own copy of a plain
  // module still uses the page's one store.
  ['@paydesk/shared/api', 'only', '@paydesk/shared'],
  ['@paydesk/shared/session', 'only', '@paydesk/shared'],
  ['@paydesk/shared/store', false, '@paydesk/shared'],
  ['@paydesk/shared/ui/notify', false, '@paydesk/shared'],
];

/**
 * Modules inside MUI's packages, shared by their path under node_modules: the components import
 * them by relative paths, which no package-name share matches, and MUI 9's export map names none
 * of them. Matched by that path (allowNodeModulesSuffixMatch), every container's copy of a
 * component uses the one module the shell provides (docs/decisions/mui-contexts-shared-by-path.md).
 * - createTheme: the default theme the components build (about 9 KB gzip), loaded once.
 * - Every React context of @mui/material, and the roving focus one of @mui/utils: the parts of a
 *   compound component (Select and MenuItem, Tabs and Tab, RadioGroup and Radio, List and
 *   ListItem, FormControl and its inputs) find each other through them, so one of each makes a
 *   part from one container work inside a parent from another (PLAT-14).
 * - Modal's manager of the open modals (which one is on top and traps focus, the scroll lock, the
 *   rest of the page hidden from screen readers): one per page, whichever container opens a modal.
 * The contexts travel in the shell's theme file (create-config.cjs): a few hundred bytes gzip.
 */
const muiContextFiles = fs
  .readdirSync(path.join(root, 'node_modules/@mui/material'), { recursive: true })
  .filter((file) => /Context\.mjs$/.test(file))
  .map((file) => `@mui/material/${file.split(path.sep).join('/')}`)
  .sort();
const muiByPath = [
  '@mui/material/styles/createTheme.mjs',
  ...muiContextFiles,
  '@mui/utils/useRovingTabIndex/RovingTabIndexContext.mjs',
  '@mui/material/Modal/useModal.mjs',
];

/** The package a path under node_modules belongs to ('@mui/material/List/x.mjs' is '@mui/material'). */
const packageOf = (file) => file.split('/').slice(0, 2).join('/');

function sharedDeps() {
  const shared = Object.fromEntries(
    muiByPath.map((file) => [
      file,
      {
        import: path.join(root, 'node_modules', file),
        singleton: true,
        requiredVersion: versionOf(packageOf(file)),
        version: versionOf(packageOf(file)),
        strictVersion: false,
        allowNodeModulesSuffixMatch: true,
      },
    ]),
  );
  for (const [request, withDeepImports, pkg = request] of singletons) {
    const version = versionOf(pkg);
    const entry = { singleton: true, requiredVersion: version, strictVersion: false };
    // A curated module is a file outside its package: its version is stated, not looked up.
    if (curated[request]) Object.assign(entry, { version, packageName: pkg });
    if (withDeepImports !== 'only') shared[request] = entry;
    if (withDeepImports) shared[`${request}/`] = entry;
  }
  return shared;
}

module.exports = { sharedDeps, root, curated, muiByPath, singletons };
