// The one webpack configuration of every front-end package: the shell (host) and each remote.
// A remote builds alone into its own dist/ with remoteEntry.js and mf-manifest.json.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps, root, curated, muiByPath } = require('./shared-deps.cjs');
const { ChunkIntegrityPlugin } = require('./chunk-integrity.cjs');
const { CompileHints } = require('./compile-hints.cjs');
const { FirstViewFile } = require('./first-view.cjs');
const { ExposeShares, SharedFiles, pageScripts, remoteModuleName } = require('./shared-hints.cjs');
const remotePackages = require('../../shared/src/remote-packages.json');

/** crypto-js's passphrase modules, which the bundles replace (crypto-js-no-passphrase.cjs). */
const cryptoJsPassphrase = ['md5.js', 'evpkdf.js'].map((file) => path.join(root, 'node_modules/crypto-js', file));

/** The runtime plugin by which the shell lends its federation runtime to the remotes. */
const injectRuntimeCjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');

const swcLoader = {
  loader: 'swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2020',
    },
  },
};

/** Modules of these packages ('/' in a name matches either path separator). */
const sep = String.raw`[\\/]`;
const inNodeModules = (names) => new RegExp(`${sep}node_modules${sep}(${names.replaceAll('/', sep)})${sep}`);
/** Or one of the curated shared modules of shared-deps.cjs (a file of this folder). */
const orCurated = (test, files) => (module) =>
  test.test(module.resource ?? '') || files.some((file) => module.resource === path.join(__dirname, file));
/** MUI's modules shared by path (shared-deps.cjs): small, and what any page's components need. */
const muiShared = new Set(muiByPath.filter((f) => !f.includes('useModal')).map((file) => path.join(root, 'node_modules', file)));
const orMuiShared = (test) => (module) => test(module) || muiShared.has(module.resource);
/**
 * A chunk that only a shared module's fallback or provision loads: a remote's own copy of a module
 * the shell normally lends (React, the theming core...), fetched only when the page's share scope
 * picks that copy. webpack gives each such module a chunk of its own.
 */
const sharingTypes = new Set(['consume-shared-module', 'provide-module']);
const isSharedCopyChunk = (chunk) =>
  [...chunk.groupsIterable].every(
    (group) => group.origins.length > 0 && group.origins.every((origin) => sharingTypes.has(origin.module?.type)),
  );
/** The package a module of node_modules is part of ('@scope/name' or 'name'). */
const packageOf = (resource) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(resource ?? '')?.[1].replace('\\', '/');
/** Packages whose copies travel together: what the shell lends as one (its react and theme files). */
const copyFamilies = {
  'react-dom': 'react',
  scheduler: 'react',
  stylis: 'theme',
  clsx: 'theme',
  'prop-types': 'theme',
  'react-is': 'theme',
  'hoist-non-react-statics': 'theme',
  '@babel/runtime': 'theme',
  redux: 'redux',
  'redux-thunk': 'redux',
  immer: 'redux',
  reselect: 'redux',
  'react-redux': 'redux',
  '@reduxjs/toolkit': 'redux',
  '@standard-schema/utils': 'redux',
  'use-sync-external-store': 'redux',
  goober: 'notistack',
};
const workspacePackage = path.join(root, 'shared', 'src') + path.sep;
const copyFamily = (module) => {
  if (Object.values(curated).includes(module.resource)) return module.resource.includes('react-router') ? 'react-router' : 'theme';
  if (module.resource?.startsWith(workspacePackage)) return 'paydesk';
  const pkg = packageOf(module.resource);
  return pkg && (copyFamilies[pkg] ?? (/^@(mui|emotion)\//.test(pkg) ? 'theme' : pkg.replace(/^@/, '').replace('/', '-')));
};
/**
 * A production remote's copies of the shared packages, one chunk per family (React, the theming
 * core, the router, Redux, zod...) rather than one per module: its entry names and hashes each
 * chunk it may load, and the payer pages' remote had 65 such copies among its 101 chunks, about
 * 5 KB gzip of an entry every payer page loads (bench/README.md). Only modules that no other
 * chunk holds move there, so an exposed module never loads one. A remote that needs a copy (the
 * shell lends none: a module of the workspace package the shell does not use yet, a deep import
 * it never makes) fetches that copy's family: a few KB for the workspace's, about 40 for the
 * theming core's.
 */
const remoteGroups = {
  sharedCopies: {
    chunks: isSharedCopyChunk,
    test: (module, { chunkGraph }) =>
      copyFamily(module) !== undefined && [...chunkGraph.getModuleChunksIterable(module)].every(isSharedCopyChunk),
    name: (module) => `shared-copies-${copyFamily(module)}`,
    enforce: true,
  },
};
const hostGroups = {
  react: { test: inNodeModules('react|react-dom|scheduler'), name: 'react', chunks: 'async', enforce: true },
  router: { test: orCurated(inNodeModules('react-router'), ['react-router-browser.mjs']), name: 'router', chunks: 'async', enforce: true },
  theme: {
    // With MUI's shared contexts and modal manager: a remote's components consume them at once.
    test: orMuiShared(
      orCurated(
        inNodeModules(
          '@emotion|stylis|@mui/(system|styled-engine|private-theming|utils)|' +
            '@mui/material/(styles|zero-styled|DefaultPropsProvider|GlobalStyles|CssBaseline|InitColorSchemeScript|colors)|' +
            '@babel/runtime|clsx|prop-types|react-is|hoist-non-react-statics',
        ),
        ['mui-system.mjs', 'mui-styles.mjs'],
      ),
    ),
    name: 'theme',
    // Not what only the back office uses (chunks named control...: menus, media queries).
    chunks: (chunk) => !chunk.name?.startsWith('control'),
    enforce: true,
  },
};

/** The shell page's own chunks: its bootstrap and the shared ones it needs (Preload, SharedFiles). */
const pageChunks = [...Object.values(hostGroups).map((group) => group.name), 'bootstrap'];

/**
 * `<link rel="preload">` in the shell's page for the files of these chunks (the entry's bootstrap
 * chunk and the shared ones it needs), and for the remotes' manifest. Every page needs them, but
 * the entry only asks for them once it has downloaded and run, and the shell's entry carries the
 * federation runtime (about 27 KB gzip): on a slow network that put a second of idle waiting
 * before React even started to download, and the manifest and a payer page's remote came after
 * that (bench/payer-page.mjs, Federation overhead). The entry itself is fetched at high priority.
 */
class Preload {
  constructor({ chunks, manifest }) {
    Object.assign(this, { chunks, manifest });
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('Preload', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('Preload', (data) => {
        const link = (attributes) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', ...attributes });
        const files = pageScripts(compilation, this.chunks);
        const links = files.map((file) => link({ as: 'script', href: `${data.publicPath}${file}` }));
        // As shell/src/remotes/manifest.ts fetches it (a same-origin fetch), or the browser fetches it twice.
        if (this.manifest) links.unshift(link({ as: 'fetch', href: this.manifest, crossorigin: 'anonymous' }));
        // The entry is a deferred script, which browsers fetch at low priority, after every
        // preload: on HTTP/1.1 it waited for one of six connections behind the page's hints.
        for (const tag of data.headTags) if (tag.tagName === 'script') tag.attributes.fetchpriority = 'high';
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}

/**
 * page-chunks.json: the files of each page the shell bundles itself, by the remote module id it
 * stands in for (`{"mf_payments/PayFormPage": ["/mf_payments/PayFormPage.1a2b3c4d5e.js", ...]}`):
 * the chunk groups named after a remote module (`webpackChunkName: "container/Expose"`, the
 * single-bundle variant's remote-loader). The server sends such a page with preload hints for
 * them, as it does for a federated page's files from its remote's mf-manifest.json
 * (server/src/frontends/preload-links.ts). The chunks the page preloads anyway are left out.
 * Nothing is written when no chunk group is so named (the federated shell).
 */
class PageChunks {
  constructor({ except }) {
    this.except = except;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PageChunks', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageChunks', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const publicPath = compilation.outputOptions.publicPath;
        const pages = [...compilation.namedChunkGroups]
          .filter(([name]) => remoteModuleName.test(name))
          .map(([name, group]) => [
            name,
            group.chunks
              .filter((chunk) => !this.except.includes(chunk.name))
              .flatMap((chunk) => [...chunk.files])
              .filter((file) => /\.(js|css)$/.test(file))
              .map((file) => `${publicPath}${file}`),
          ]);
        if (pages.length > 0)
          compilation.emitAsset(
            'page-chunks.json',
            new webpack.sources.RawSource(`${JSON.stringify(Object.fromEntries(pages), null, 2)}\n`),
          );
      });
    });
  }
}

/**
 * areas.json beside mf-manifest.json: the back-office pages the remote declares in its package's
 * areas.json (shared/src/areas.ts), which the shell routes and lists from the live releases. The
 * build refuses an area whose module the remote does not expose; the server checks the rest
 * (permissions, paths taken by another remote) before the remote goes live.
 */
class AreasFile {
  constructor({ dir, exposes }) {
    Object.assign(this, { dir, exposes });
  }

  apply(compiler) {
    const file = path.join(this.dir, 'areas.json');
    compiler.hooks.thisCompilation.tap('AreasFile', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap({ name: 'AreasFile', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const { areas } = JSON.parse(fs.readFileSync(file, 'utf8'));
        const missing = Array.isArray(areas)
          ? areas.filter((area) => !Object.hasOwn(this.exposes, `./${area.module}`)).map((area) => area.module)
          : ['"areas" as a list'];
        if (missing.length > 0) {
          compilation.errors.push(new webpack.WebpackError(`${file}: the remote does not expose ${missing.join(', ')}`));
          return;
        }
        compilation.emitAsset('areas.json', new webpack.sources.RawSource(`${JSON.stringify({ areas }, null, 2)}\n`));
      });
    });
  }
}

/**
 * PAYDESK_BUILD_VARIANT=single-bundle builds the shell as one ordinary webpack bundle: no module
 * federation, the payer pages imported from mf-payments' source (remote-loader.single-bundle.ts
 * stands in for the federation loader). It exists to measure what federation costs the payer
 * pages (bench/payer-page.mjs), so it lands outside the real build, in bench/.work/.
 */
const variant = process.env.PAYDESK_BUILD_VARIANT;
if (variant && variant !== 'single-bundle') throw new Error(`Unknown PAYDESK_BUILD_VARIANT "${variant}" (known: single-bundle)`);
const singleBundleDist = path.join(root, 'bench/.work/single-bundle');

/**
 * A remote's container name and dev port come from the one list of remotes
 * (shared/src/remote-packages.json); the shell, and a remote from outside that list, state their own.
 *
 * @param {object} o
 * @param {string} o.dir        the package folder (__dirname of its webpack.config.cjs)
 * @param {Record<string,string>} [o.exposes] modules a remote exposes
 * @param {boolean} [o.host]    true for the shell
 * @param {string} [o.name]     the container name of the shell, or of a remote that is not one of
 *                              the product's list (another team's, released through the manifest)
 * @param {number} [o.devPort]  the shell's port of `npm run dev`
 * @param {string} [o.firstView] a remote's script that prints the pages of a payer's first response
 *                              (first-view.cjs), run by its production build
 */
function createConfig({ dir, exposes = {}, host = false, firstView, ...own }) {
  const listed = remotePackages.find((remote) => remote.dir === path.basename(dir));
  if (!host && !listed && !own.name)
    throw new Error(`${path.basename(dir)} is not in shared/src/remote-packages.json: add it there, or name its container`);
  const { name, devPort } = host || !listed ? own : listed;
  return (env = {}, argv = {}) => {
    const production = argv.mode === 'production';
    const pkg = require(path.join(dir, 'package.json'));
    // A remote's own page (its standalone bootstrap) is for `npm run dev`. A production remote is
    // its remoteEntry.js alone: it runs on the shell's federation runtime (externalRuntime below).
    const ownPage = host || !production;
    const singleBundle = variant === 'single-bundle';
    if (singleBundle && !host) throw new Error('The single-bundle variant is a build of the shell only');
    // Every chunk of a production remote is checked against the hash its entry carries
    // (docs/decisions/chunk-integrity.md); the shell's own chunks come from the page's own origin.
    const chunkIntegrity = production && !host;
    const outputPath = env.outputPath
      ? path.resolve(env.outputPath)
      : singleBundle
        ? path.join(singleBundleDist, 'shell/dist')
        : path.join(dir, 'dist');
    return {
      context: dir,
      entry: ownPage ? './src/index.ts' : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        // A remote finds its files next to its remoteEntry.js, or at the address it is released for.
        publicPath: host ? '/' : (env.publicPath ?? 'auto'),
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: name,
        clean: true,
        // A production remote's chunks are loaded with the hashes its entry carries (ChunkIntegrityPlugin
        // below), which a browser checks on a file of another origin only in CORS mode.
        ...(chunkIntegrity && { crossOriginLoading: 'anonymous' }),
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          // Shared modules that are a chosen part of their package (shared-deps.cjs).
          ...Object.fromEntries(Object.entries(curated).map(([request, file]) => [`${request}$`, file])),
          // The federation plugin adds this runtime plugin by its CommonJS file, which then pulls
          // a second, CommonJS copy of the runtime core beside the ES one the host already has.
          [injectRuntimeCjs]: injectRuntimeCjs.replace(/\.cjs$/, '.js'),
          ...Object.fromEntries(cryptoJsPassphrase.map((file) => [file, path.join(__dirname, 'crypto-js-no-passphrase.cjs')])),
          ...(singleBundle && {
            [path.join(dir, 'src/remotes/remote-loader.ts')]: path.join(dir, 'src/remotes/remote-loader.single-bundle.ts'),
          }),
        },
      },
      module: {
        // An import of a name a module lacks (e.g. one a curated shared module leaves out) fails the build.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          { test: /\.tsx?$/, exclude: /node_modules/, use: swcLoader },
          // zod/mini and full zod are built on the same core files. In one module graph full zod
          // (shared whole) marks all of the core used, and the payer pages' few zod/mini schemas
          // would load it all (about 24 KB gzip). In a layer of their own they get their own,
          // tree-shaken copy of the core. zod keeps its settings (jitless) on globalThis: both obey.
          { test: inNodeModules('zod/mini'), layer: 'zod-mini' },
          { test: /\.css$/, type: 'css/auto' },
        ],
      },
      experiments: { css: true },
      optimization: {
        minimize: production,
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, parallel: 2 })],
        // The shell loads React, the router and the theming core (emotion, MUI's system and
        // styles) on every page: as three files rather than one per shared module (dozens of
        // requests on a slow network). A production remote uses the shell's, and keeps its own
        // copies in one file (remoteGroups), fetched only for what the shell does not provide.
        ...(host && { splitChunks: { cacheGroups: hostGroups } }),
        ...(chunkIntegrity && { splitChunks: { cacheGroups: remoteGroups } }),
      },
      performance: { hints: false },
      plugins: [
        ...(singleBundle
          ? []
          : [
              new ModuleFederationPlugin({
                name,
                filename: 'remoteEntry.js',
                exposes,
                remotes: {},
                shared: sharedDeps(),
                shareStrategy: 'loaded-first',
                manifest: true,
                dts: false,
                experiments: {
                  // Remotes are registered by their remoteEntry.js address, never by mf-manifest.json:
                  // the manifest snapshot code and the Node half of the runtime are dead weight here.
                  optimization: { disableSnapshot: true, target: 'web' },
                  // One federation runtime in the page: the shell lends its own, and a production
                  // remoteEntry.js carries none (about 15 KB gzip less per remote). So a shell built
                  // with this must be deployed before the remotes built with it. `npm run dev` remotes
                  // keep their own, to run alone.
                  ...(host ? { provideExternalRuntime: true } : production && { externalRuntime: true }),
                },
              }),
            ]),
        new webpack.DefinePlugin({
          'process.env.PAYDESK_BUILD': JSON.stringify(process.env.PAYDESK_BUILD || `${pkg.version}`),
        }),
        ...(ownPage
          ? [new HtmlWebpackPlugin({ template: path.join(root, 'scripts/webpack/index.html'), title: 'Paydesk', scriptLoading: 'defer' })]
          : []),
        ...(host && production ? [new Preload({ chunks: pageChunks, manifest: !singleBundle && '/remotes.json' })] : []),
        ...(host && production && !singleBundle ? [new SharedFiles({ chunks: pageChunks })] : []),
        ...(host || singleBundle ? [] : [new AreasFile({ dir, exposes })]),
        ...(chunkIntegrity ? [new ExposeShares({ exposes })] : []),
        ...(chunkIntegrity ? [new ChunkIntegrityPlugin()] : []),
        ...(production ? [new CompileHints()] : []),
        ...(firstView && production ? [new FirstViewFile({ dir, script: firstView })] : []),
        ...(host && production ? [new PageChunks({ except: Object.values(hostGroups).map((group) => group.name) })] : []),
      ],
      devServer: {
        port: devPort,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/remotes.json'], target: process.env.PAYDESK_API || 'http://localhost:8080' }],
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createConfig };
