const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './PlatformPage': './src/pages/platform-page.tsx',
    './RemotePage': './src/pages/remote-page.tsx',
    './DeployTokensPage': './src/pages/deploy-tokens-page.tsx',
  },
});
