const { createConfig } = require('../scripts/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  exposes: {
    './PayFormPage': './src/pages/pay-form-page.tsx',
    './CheckoutPage': './src/pages/checkout-page.tsx',
    './PaymentSuccessPage': './src/pages/payment-success-page.tsx',
    './PaymentPendingPage': './src/pages/payment-pending-page.tsx',
    './PaymentFailurePage': './src/pages/payment-failure-page.tsx',
    './CheckoutSuccessPage': './src/pages/checkout-success-page.tsx',
  },
  firstView: './src/first-view/print-first-view.tsx',
});
