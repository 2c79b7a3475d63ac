import { renderStandalone } from '@paydesk/shared/ui/standalone';
import { publicPaths } from '@paydesk/shared/routes';
import CheckoutPage from './pages/checkout-page';
import CheckoutSuccessPage from './pages/checkout-success-page';
import PayFormPage from './pages/pay-form-page';
import PaymentFailurePage from './pages/payment-failure-page';
import PaymentPendingPage from './pages/payment-pending-page';
import PaymentSuccessPage from './pages/payment-success-page';

renderStandalone([
  { path: publicPaths.payForm, element: <PayFormPage /> },
  { path: publicPaths.checkout, element: <CheckoutPage /> },
  { path: publicPaths.paymentSuccess, element: <PaymentSuccessPage /> },
  { path: publicPaths.paymentPending, element: <PaymentPendingPage /> },
  { path: publicPaths.paymentFailure, element: <PaymentFailurePage /> },
  { path: publicPaths.checkoutSuccess, element: <CheckoutSuccessPage /> },
]);
