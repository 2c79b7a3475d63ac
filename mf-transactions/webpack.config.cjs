const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_transactions',
  devPort: 3002,
  exposes: {
    './DashboardPage': './src/pages/dashboard-page.tsx',
    './TransactionsPage': './src/pages/transactions-page.tsx',
    './TransactionDetailsPage': './src/pages/transaction-details-page.tsx',
  },
});
