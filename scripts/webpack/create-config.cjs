// The one webpack configuration of every front-end package: the shell (host) and each remote.
// A remote builds alone into its own dist/ with remoteEntry.js and mf-manifest.json.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps, root } = require('./shared-deps.cjs');

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

/**
 * @param {object} o
 * @param {string} o.dir        the package folder (__dirname of its webpack.config.cjs)
 * @param {string} o.name       federation container name (a JS identifier)
 * @param {Record<string,string>} [o.exposes] modules a remote exposes
 * @param {boolean} [o.host]    true for the shell
 * @param {number} o.devPort    port of `npm run dev`
 */
function createConfig({ dir, name, exposes = {}, host = false, devPort }) {
  return (env = {}, argv = {}) => {
    const production = argv.mode === 'production';
    const pkg = require(path.join(dir, 'package.json'));
    return {
      context: dir,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: env.outputPath ? path.resolve(env.outputPath) : path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          { test: /\.tsx?$/, exclude: /node_modules/, use: swcLoader },
          { test: /\.css$/, type: 'css/auto' },
        ],
      },
      experiments: { css: true },
      optimization: {
        minimize: production,
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, parallel: 2 })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedDeps(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        new webpack.DefinePlugin({
          'process.env.PAYDESK_BUILD': JSON.stringify(process.env.PAYDESK_BUILD || `${pkg.version}`),
        }),
        new HtmlWebpackPlugin({ template: path.join(root, 'scripts/webpack/index.html'), title: 'Paydesk', scriptLoading: 'defer' }),
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
