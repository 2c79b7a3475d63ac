const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './DashboardPage': './src/pages/dashboard-page.tsx',
    './TransactionsPage': './src/pages/transactions-page.tsx',
    './TransactionDetailsPage': './src/pages/transaction-details-page.tsx',
  },
});
