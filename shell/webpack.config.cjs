const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({ dir: __dirname, name: 'shell', host: true, devPort: 3000 });
