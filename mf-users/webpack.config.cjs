const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './UsersPage': './src/pages/users-page.tsx',
    './AuditPage': './src/pages/audit-page.tsx',
  },
});
