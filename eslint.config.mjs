// ESLint for the whole repository (npm run lint): typescript-eslint's recommended rules, the rules
// of hooks, and the import walls between packages, between server folders and between the floors
// of each front end (PLAT-12). The walls are described in docs/architecture.md;
// scripts/lint-walls.test.ts proves each one refuses. Three parts live beside it, in
// scripts/eslint/: the server's layers (server-layers.mjs), the floors inside each front end
// (front-end-floors.mjs) and the rules for one way of doing a thing (one-way-rules.mjs).
// No stylistic rules: formatting is a formatter's job.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { root, remotes as remoteList } from './scripts/frontends.mjs';
import { floorZones } from './scripts/eslint/front-end-floors.mjs';
import { httpPlumbingZone, serverLayerZones } from './scripts/eslint/server-layers.mjs';
import { centsByHand, rawChip, rawDialog, rawDialogAllowed, rawTable, refusing, uiPieces } from './scripts/eslint/one-way-rules.mjs';
import { beforeShareScope, shellEntryFiles } from './scripts/eslint/shell-entry.mjs';

// The remotes by the one list (PLAT-11).
const remotes = remoteList.map((remote) => remote.dir);
const frontEnds = ['shell', ...remotes];

// The page's state (the store, the API slice, the session) holds no UI: whoever makes the store
// passes in what the UI adds (the toast of an expired session, ui/session-expired-toast.tsx).
// Their tests may put the two together, as the page does.
const sharedState = ['shared/src/store.ts', 'shared/src/api', 'shared/src/session'];
const stateWithoutUiZone = {
  target: sharedState,
  from: ['shared/src/ui', 'shared/src/theme', 'shared/src/testing'],
  message: 'The store, the API slice and the session import no UI of shared: whoever makes the store passes in what the UI adds.',
};

// --- Package walls ------------------------------------------------------------------------------
// What the server may import from shared: modules without UI (the card number forms are test data).
const sharedServerSafe = [
  'areas.ts',
  'cards',
  'crypto',
  'schemas',
  'csv.ts',
  'first-view-slots.ts',
  'format.ts',
  'money.ts',
  'page-window.ts',
  'remote-packages.ts',
  'remote-packages.json',
  'roles.ts',
  'routes.ts',
  'testing/card-number-forms.tsx',
];
const sharedBrowserOnly = ['api', 'session', 'testing', 'theme', 'ui', 'store.ts', 'use-debounced-value.ts'];
const uiPackages = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@mui/*',
  '@emotion/*',
  '@reduxjs/*',
  'react-redux',
  'react-router',
  'react-router-dom',
  'notistack',
  'apexcharts',
  'react-apexcharts',
  '@module-federation/*',
];
// Every workspace package but @paydesk/shared, by name.
const appPackages = [
  '@paydesk/shell',
  '@paydesk/shell/*',
  'mf-*',
  '@paydesk/server',
  '@paydesk/server/*',
  '@paydesk/e2e',
  '@paydesk/e2e/*',
];

const sharedNoApp = { group: appPackages, message: 'shared imports no app.' };
const frontEndNoApp = { group: appPackages, message: 'A front end imports only @paydesk/shared of the workspace packages.' };

const zones = [
  {
    target: 'shared',
    from: ['shell', ...remotes, 'server', 'e2e'],
    message: 'shared imports no app: the shell, the remotes and the server import shared, never the reverse.',
  },
  ...remotes.map((remote) => ({
    target: remote,
    from: frontEnds.filter((other) => other !== remote).concat('server', 'e2e'),
    message: 'A remote imports only @paydesk/shared: no other remote, no shell (they meet at run time through federation).',
  })),
  {
    target: 'shell',
    from: [...remotes, 'server', 'e2e'],
    message: "The shell loads remotes through federation at run time, never from a remote's source.",
  },
  {
    target: 'server',
    from: [...frontEnds, 'e2e'],
    message: 'The server imports no front-end package; of @paydesk/shared only the modules without UI.',
  },
  {
    target: 'server',
    from: 'shared/src',
    except: sharedServerSafe.map((entry) => `./${entry}`),
    message: `The server imports of @paydesk/shared only ${sharedServerSafe.join(', ')} (no UI, no React).`,
  },
  // What the server may import from shared stays free of UI, so React cannot reach it through them.
  ...sharedServerSafe.flatMap((entry) =>
    sharedBrowserOnly.map((other) => ({
      target: `shared/src/${entry}`,
      from: `shared/src/${other}`,
      except: sharedServerSafe.filter((safe) => safe.startsWith(`${other}/`)).map((safe) => `./${safe.slice(other.length + 1)}`),
      message: 'This shared module is used by the server: it imports no UI module of shared.',
    })),
  ),
  ...serverLayerZones(),
  httpPlumbingZone,
  ...frontEnds.flatMap(floorZones),
];

// The shell's single-bundle build variant, which bench/payer-page.mjs uses to measure what
// federation costs, imports the payer pages from mf-payments' source: that file alone may.
const singleBundleLoader = 'shell/src/remotes/remote-loader.single-bundle.ts';
const singleBundleZones = zones
  .map((zone) => (zone.target === 'shell' ? { ...zone, from: zone.from.filter((from) => from !== 'mf-payments') } : zone))
  .concat({
    target: singleBundleLoader,
    from: 'mf-payments',
    except: ['./src/pages'],
    message: 'The single-bundle variant takes the payer pages only.',
  });

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'coverage/', 'e2e/artifacts/', 'bench/.work/', 'bench/results/', '.paydesk/', '**/*.d.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Benchmarks drive a browser: the functions they hand to the page run there.
    files: ['bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['scripts/jest/**', '**/*.test.{ts,tsx,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['{shared,shell,mf-*}/src/**/*.{ts,tsx}', 'server/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/public/**/*.js'],
    languageOptions: { sourceType: 'script' },
  },
  {
    files: ['{shared,shell,mf-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript and JavaScript modules are followed (for cycles), node_modules is not.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json', '.d.ts'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Cycles between modules, in every package; type-only imports do not count (they vanish at
      // run time), nor does node_modules.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [singleBundleLoader],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: singleBundleZones }] },
  },
  {
    files: sharedState.map((entry) => (entry.endsWith('.ts') ? entry : `${entry}/**`)),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, stateWithoutUiZone] }] },
  },
  {
    // One way of doing each thing in the front ends (PLAT-13, docs/architecture.md): money through
    // shared/src/money.ts, a failed call through shared/src/api/api-error.ts.
    files: ['{shared,shell,mf-*}/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/money.ts', 'shared/src/api/api-error.ts', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        centsByHand,
        {
          selector: "BinaryExpression[operator='in'] > Literal.left[value='status']",
          message: 'A failed call is read with readApiError (or endedBySignOut) of @paydesk/shared/api/api-error.',
        },
      ],
    },
  },
  {
    // The server's money goes through shared/src/money.ts too (docs/decisions/money-as-integer-cents.md).
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', centsByHand] },
  },
  // Package names too, for imports a resolver would not follow.
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', refusing([rawDialog, rawTable, rawChip], sharedNoApp)],
    },
  },
  {
    files: ['{shell,mf-*}/**'],
    rules: {
      'no-restricted-imports': ['error', refusing([rawDialog, rawTable, rawChip], frontEndNoApp)],
    },
  },
  // The raw MUI pieces in shared's UI pieces, and a raw Dialog where it is the right piece; the
  // package walls stay, and so do the table and chip rules.
  {
    files: [uiPieces],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedNoApp] }] },
  },
  {
    files: rawDialogAllowed,
    rules: { 'no-restricted-imports': ['error', refusing([rawTable, rawChip], frontEndNoApp)] },
  },
  // The shell's entry runs before the federation's share scope is set up: it imports none of the
  // package's stateful modules, which only that scope provides (scripts/webpack/shared-deps.cjs).
  {
    files: shellEntryFiles,
    rules: {
      'no-restricted-imports': ['error', refusing([rawDialog, rawTable, rawChip, beforeShareScope], frontEndNoApp)],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: appPackages, message: 'The server imports no front-end package.' },
            { group: uiPackages, message: 'The server imports no UI library.' },
            {
              group: [
                ...sharedBrowserOnly.map((entry) =>
                  entry.endsWith('.ts') ? `@paydesk/shared/${entry.slice(0, -3)}` : `@paydesk/shared/${entry}/*`,
                ),
                ...sharedServerSafe
                  .filter((entry) => entry.includes('/'))
                  .map((entry) => `!@paydesk/shared/${entry.replace(/\.tsx?$/, '')}`),
              ],
              message: 'The server imports no UI module of @paydesk/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: sharedServerSafe
      .filter((entry) => !entry.endsWith('.json'))
      .map((entry) => `shared/src/${entry}${entry.includes('.') ? '' : '/**'}`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: uiPackages, message: 'This shared module is used by the server: no UI library.' }] },
      ],
    },
  },
);
