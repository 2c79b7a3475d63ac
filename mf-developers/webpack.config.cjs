const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './WebhooksPage': './src/pages/webhooks-page.tsx',
    './EndpointPage': './src/pages/endpoint-page.tsx',
    './EventsPage': './src/pages/events-page.tsx',
    './ApiKeysPage': './src/pages/api-keys-page.tsx',
    './RequestLogPage': './src/pages/request-log-page.tsx',
  },
});
