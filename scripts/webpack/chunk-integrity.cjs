// Subresource Integrity for the chunks a build's runtime loads (docs/decisions/chunk-integrity.md).
const { createHash } = require('node:crypto');
const webpack = require('webpack');
const CssLoadingRuntimeModule = require('webpack/lib/css/CssLoadingRuntimeModule');

const { Compilation, RuntimeGlobals, RuntimeModule, Template, WebpackError, sources } = webpack;
const { chunkHasJs } = webpack.javascript.JavascriptModulesPlugin;
const { chunkHasCss } = webpack.css.CssModulesPlugin;
const { LoadScriptRuntimeModule } = webpack.runtime;

const pluginName = 'ChunkIntegrity';
/** Where the runtime keeps the hashes: `{ js: { [chunkId]: 'sha384-…' }, css: { … } }`. */
const hashes = `${RuntimeGlobals.require}.chunkIntegrity`;
/** What the build writes beside the entry: each chunk file's integrity, for the server's preload hints. */
const integrityFile = 'chunk-integrity.json';

const integrityOf = (buffer) => `sha384-${createHash('sha384').update(buffer).digest('base64')}`;

/**
 * The stand-in for a chunk file's hash until the files are final: as long as a SHA-384 integrity
 * value (71 characters), so swapping it in shifts nothing the source map points at, and made of
 * characters no minifier rewrites inside a string.
 */
const prefix = 'chunk-integrity-';
const placeholderLength = integrityOf('').length;
const placeholder = (type, chunkId) =>
  prefix +
  createHash('sha256')
    .update(`${type}:${chunkId}`)
    .digest('hex')
    .slice(0, placeholderLength - prefix.length);
const anyPlaceholder = new RegExp(`${prefix}[0-9a-f]{${placeholderLength - prefix.length}}`, 'g');

/** The chunks a runtime chunk may load, as webpack's chunk-filename runtime module counts them. */
function loadableChunks(chunk, chunkGraph) {
  const chunks = new Set(chunk.getAllAsyncChunks());
  if (chunkGraph.getTreeRuntimeRequirements(chunk).has(RuntimeGlobals.ensureChunkIncludeEntries))
    for (const dependent of chunkGraph.getRuntimeChunkDependentChunksIterable(chunk)) chunks.add(dependent);
  for (const entrypoint of chunk.getAllReferencedAsyncEntrypoints()) chunks.add(entrypoint.getEntrypointChunk());
  return chunks;
}

/** The runtime's table of hashes, each a placeholder at first: chunk ids are known, file contents not yet. */
class ChunkIntegrityRuntimeModule extends RuntimeModule {
  constructor() {
    super('chunk integrity', RuntimeModule.STAGE_ATTACH);
  }

  generate() {
    const { chunk, chunkGraph } = this;
    const table = { js: {}, css: {} };
    for (const loadable of [...loadableChunks(chunk, chunkGraph)].sort((a, b) => String(a.id).localeCompare(String(b.id)))) {
      if (loadable.id === null || loadable.hasRuntime()) continue;
      if (chunkHasJs(loadable, chunkGraph)) table.js[loadable.id] = placeholder('js', loadable.id);
      if (chunkHasCss(loadable, chunkGraph)) table.css[loadable.id] = placeholder('css', loadable.id);
    }
    return `${hashes} = ${JSON.stringify(table)};`;
  }
}

/**
 * Subresource Integrity for every chunk the runtime of an entry (a remote's remoteEntry.js, a
 * page's main entry) loads: the runtime carries the SHA-384 of each chunk file and gives it to the
 * script or stylesheet element it makes, so the browser refuses a chunk changed after the build.
 * The hashes are written into the runtime once every other file is final (after minification,
 * source maps and webpack's real content hashes), which changes the entry's own bytes: its own
 * integrity is to be taken from the emitted file. Needs `output.crossOriginLoading`, without which
 * a browser cannot check a file of another origin.
 */
class ChunkIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(pluginName, (compilation) => {
      if (!compilation.outputOptions.crossOriginLoading) {
        compilation.errors.push(
          new WebpackError(`${pluginName}: set output.crossOriginLoading, or a chunk of another origin cannot be checked`),
        );
        return;
      }
      const withTable = new WeakSet();
      const addTable = (chunk) => {
        if (withTable.has(chunk)) return;
        withTable.add(chunk);
        compilation.addRuntimeModule(chunk, new ChunkIntegrityRuntimeModule());
      };
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.loadScript).tap(pluginName, addTable);
      compilation.hooks.runtimeRequirementInTree.for(RuntimeGlobals.ensureChunkHandlers).tap(pluginName, addTable);

      // In CORS mode even from the page's own origin: the server's preload hints for these files
      // carry the hash in that mode (preload-links.ts), and a browser uses a preload only when both match.
      const crossOrigin = JSON.stringify(compilation.outputOptions.crossOriginLoading);
      const integrityFrom = (type) => (source) => {
        const element = type === 'js' ? 'script' : 'link';
        return Template.asString([
          source,
          `if (${hashes}.${type}[chunkId]) {`,
          Template.indent([`${element}.integrity = ${hashes}.${type}[chunkId];`, `${element}.crossOrigin = ${crossOrigin};`]),
          '}',
        ]);
      };
      LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(pluginName, integrityFrom('js'));
      CssLoadingRuntimeModule.getCompilationHooks(compilation).createStylesheet.tap(pluginName, integrityFrom('css'));

      compilation.hooks.processAssets.tap({ name: pluginName, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        // Before compressed copies are made (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER), after anything that changes a chunk.
        const byPlaceholder = new Map();
        const byFile = {};
        for (const chunk of compilation.chunks) {
          if (chunk.id === null || chunk.hasRuntime()) continue;
          for (const file of chunk.files) {
            const type = /\.m?js$/.test(file) ? 'js' : /\.css$/.test(file) ? 'css' : undefined;
            const asset = type && compilation.getAsset(file);
            if (!asset) continue;
            byFile[file] = integrityOf(asset.source.buffer());
            byPlaceholder.set(placeholder(type, chunk.id), byFile[file]);
          }
        }
        for (const chunk of compilation.chunks) {
          if (!chunk.hasRuntime()) continue;
          for (const file of chunk.files) {
            const asset = /\.m?js$/.test(file) && compilation.getAsset(file);
            if (!asset) continue;
            const found = [...asset.source.source().toString().matchAll(anyPlaceholder)];
            if (found.length === 0) continue;
            const filled = new sources.ReplaceSource(asset.source);
            for (const { 0: stand, index } of found) {
              const integrity = byPlaceholder.get(stand);
              if (integrity) filled.replace(index, index + stand.length - 1, integrity);
              else compilation.errors.push(new WebpackError(`${pluginName}: ${file} names a chunk whose file has no hash (${stand})`));
            }
            compilation.updateAsset(file, filled);
          }
        }
        const sorted = Object.fromEntries(Object.entries(byFile).sort(([a], [b]) => a.localeCompare(b)));
        compilation.emitAsset(integrityFile, new sources.RawSource(`${JSON.stringify(sorted, null, 2)}\n`));
      });
    });
  }
}

module.exports = { ChunkIntegrityPlugin };
