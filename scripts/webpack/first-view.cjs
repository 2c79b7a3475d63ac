// first-view.json beside a remote's mf-manifest.json: the pages its team has the server paint in
// a payer's first response (server/src/frontends/first-view.ts), rendered by the remote's own code.
const { execFile } = require('node:child_process');
const path = require('node:path');
const { promisify } = require('node:util');
const webpack = require('webpack');

const root = path.resolve(__dirname, '../..');

/**
 * Runs the remote's `script` (TypeScript, through tsx, in production mode) and emits what it
 * prints as first-view.json: `{"pages": {"./Expose": {"html": ..., "head": ...}}}`. A script
 * that fails fails the build.
 */
class FirstViewFile {
  constructor({ dir, script }) {
    this.script = path.join(dir, script);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstViewFile', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'FirstViewFile', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', this.script], {
              cwd: root,
              maxBuffer: 16 * 1024 * 1024,
              // tsx applies a package's tsconfig to that package only: the base one reaches shared/ too.
              env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.base.json') },
            });
            const pages = JSON.parse(stdout).pages;
            if (!pages || typeof pages !== 'object') throw new Error('it printed no "pages"');
            compilation.emitAsset('first-view.json', new webpack.sources.RawSource(`${JSON.stringify({ pages })}\n`));
          } catch (error) {
            compilation.errors.push(new webpack.WebpackError(`${this.script}: ${error.stderr || error.message}`));
          }
        },
      );
    });
  }
}

module.exports = { FirstViewFile };
