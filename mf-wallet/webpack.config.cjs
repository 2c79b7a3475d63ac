const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './WithdrawalsPage': './src/pages/withdrawals-page.tsx',
    './BalanceHistoryPage': './src/pages/balance-history-page.tsx',
  },
});
