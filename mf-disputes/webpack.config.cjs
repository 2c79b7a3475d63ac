const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './DisputesPage': './src/pages/disputes-page.tsx',
    './DisputePage': './src/pages/dispute-page.tsx',
  },
});
