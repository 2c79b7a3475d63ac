const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './CardsPage': './src/pages/cards-page.tsx',
  },
});
