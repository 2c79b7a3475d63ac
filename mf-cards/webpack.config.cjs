const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_cards',
  devPort: 3004,
  exposes: {
    './CardsPage': './src/pages/cards-page.tsx',
  },
});
