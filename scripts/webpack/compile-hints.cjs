// V8's explicit compile hint on the scripts a page runs as soon as they arrive
// (docs/decisions/compile-hints-on-page-scripts.md).
const webpack = require('webpack');
const { pageScripts, remoteModuleName } = require('./shared-hints.cjs');

const { Compilation, sources } = webpack;
/** Must open the file: V8 then compiles every function in it while the file streams in, off the main thread. */
const hint = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunk groups whose code runs as soon as it is loaded, besides the entry (the shell's
 * runtime, a remote's remoteEntry.js): the shell's bootstrap and each page a remote exposes
 * (`__federation_expose_PayFormPage`), or its stand-in in the single-bundle variant
 * (`mf_payments/PayFormPage`); with them, the copies of the shared modules they consume (React,
 * the router, the theming core), as the shell's preload hints count them. What a page imports
 * lazily (the card dialog, 3-D Secure, the charts) is left to V8's own choice: much of it may
 * never run.
 */
const startsAPage = (name) => name === 'bootstrap' || name.startsWith('__federation_expose_') || remoteModuleName.test(name);

class CompileHints {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      // After minifying (which would strip the comment, and puts its licence banner first), before
      // the source maps (which then count the line), the real content hashes and the chunks' integrity.
      compilation.hooks.processAssets.tap({ name: 'CompileHints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 }, () => {
        const entries = [...compilation.entrypoints.values()].flatMap((entry) => entry.chunks.flatMap((chunk) => [...chunk.files]));
        const pages = pageScripts(compilation, [...compilation.namedChunkGroups.keys()].filter(startsAPage));
        for (const file of new Set([...entries, ...pages]))
          if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(hint, source));
      });
    });
  }
}

module.exports = { CompileHints };
