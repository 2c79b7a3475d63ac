const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_users',
  devPort: 3003,
  exposes: {
    './UsersPage': './src/pages/users-page.tsx',
  },
});
