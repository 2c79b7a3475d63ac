// What a payer page needs of the shell's shared modules, written down at build time so that the
// server can have the browser fetch it with the page (server/src/frontends/preload-links.ts).
// A shell's copy of a shared module the shell itself loads later (the API's error reader, which
// only its back office imports) is fetched when a remote's chunk consumes it: after the shell's
// entry has run, a round trip late.
const webpack = require('webpack');

/** The share keys the modules of these chunks consume. */
const consumedKeys = (chunks, chunkGraph) =>
  new Set(
    chunks
      .flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)])
      .filter((module) => module.type === 'consume-shared-module')
      .map((module) => module.options.shareKey),
  );

/** The chunks that load a build's own copy of each shared module it provides, by share key. */
function providedChunks(compilation) {
  const { chunkGraph } = compilation;
  // A provide module's name is its share key (the enhanced plugin keeps it as _name).
  return new Map(
    [...compilation.modules]
      .filter((module) => module.type === 'provide-module')
      .map((module) => [module._name, module.blocks.flatMap((block) => chunkGraph.getBlockChunkGroup(block)?.chunks ?? [])]),
  );
}

const jsFiles = (chunks) => [...new Set(chunks.flatMap((chunk) => [...chunk.files]))].filter((file) => file.endsWith('.js'));

/**
 * A chunk group named after the remote module it stands for in the single-bundle variant
 * (`webpackChunkName: "mf_payments/PayFormPage"`, the variant's remote-loader).
 */
const remoteModuleName = /^[a-z_][a-z0-9_]*\/[A-Za-z]\w*$/i;

/**
 * The scripts that load with these named chunks (the shell's bootstrap and the shared ones it
 * needs): their chunk groups, and the build's own copies of the shared modules they consume,
 * which the federation runtime asks for only once the chunk that consumes them has run.
 */
function pageScripts(compilation, names) {
  const named = [...compilation.chunks].filter((chunk) => names.includes(chunk.name));
  // With the chunks webpack split out of the named import's group (a module the back office
  // shares with the bootstrap, say): they load with it, and one found only then costs a round trip.
  const together = names.flatMap((name) => compilation.namedChunkGroups.get(name)?.chunks ?? []);
  const keys = consumedKeys(together, compilation.chunkGraph);
  const consumed = [...providedChunks(compilation)].filter(([key]) => keys.has(key)).flatMap(([, chunks]) => chunks);
  return jsFiles([...named, ...together, ...consumed]);
}

/**
 * expose-shares.json beside a remote's mf-manifest.json: for each exposed module, the share keys
 * its chunks consume (`{"CheckoutPage": ["react", "@paydesk/shared/api/api-error", ...]}`), as
 * the federation runtime will ask the page's share scope for them when the module loads.
 */
class ExposeShares {
  constructor({ exposes }) {
    this.names = Object.keys(exposes).map((expose) => expose.replace(/^\.\//, ''));
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ExposeShares', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ExposeShares', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const shares = this.names.map((name) => {
          const chunks = compilation.namedChunkGroups.get(`__federation_expose_${name}`)?.chunks ?? [];
          return [name, [...consumedKeys(chunks, compilation.chunkGraph)].sort()];
        });
        compilation.emitAsset(
          'expose-shares.json',
          new webpack.sources.RawSource(`${JSON.stringify(Object.fromEntries(shares), null, 2)}\n`),
        );
      });
    });
  }
}

/**
 * shared-files.json beside the shell's page: for each shared module the shell provides, the
 * scripts that load its copy (`{"@paydesk/shared/api/api-error": ["/3861.ed54ee7029.js"]}`),
 * leaving out those the page preloads anyway (`pageScripts` of the named chunks).
 */
class SharedFiles {
  constructor({ chunks }) {
    this.chunks = chunks;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const publicPath = compilation.outputOptions.publicPath;
        const onPage = new Set(pageScripts(compilation, this.chunks));
        const files = [...providedChunks(compilation)]
          .map(([key, chunks]) => [
            key,
            jsFiles(chunks)
              .filter((file) => !onPage.has(file))
              .map((file) => `${publicPath}${file}`),
          ])
          .filter(([, list]) => list.length > 0)
          .sort(([a], [b]) => a.localeCompare(b));
        compilation.emitAsset(
          'shared-files.json',
          new webpack.sources.RawSource(`${JSON.stringify(Object.fromEntries(files), null, 2)}\n`),
        );
      });
    });
  }
}

module.exports = { ExposeShares, SharedFiles, pageScripts, remoteModuleName };
