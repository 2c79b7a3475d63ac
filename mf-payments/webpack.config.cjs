const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_payments',
  devPort: 3001,
  exposes: {
    './PayFormPage': './src/pages/pay-form-page.tsx',
  },
});
