const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_wallet',
  devPort: 3005,
  exposes: {
    './WithdrawalsPage': './src/pages/withdrawals-page.tsx',
  },
});
