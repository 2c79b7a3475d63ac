/**
 * The single-bundle build variant's stand-in for remote-loader.ts: the payer pages imported from
 * mf-payments' source as ordinary lazy chunks, no federation runtime and no manifest, so that
 * bench/payer-page.mjs can measure what federation costs. The ids are mf-payments' exposes
 * (mf-payments/webpack.config.cjs); the back office is left out of this variant.
 */
import { matchesRoute } from '@paydesk/shared/routes';
import { publicPages } from '../app/areas';

const bundled: Record<string, () => Promise<unknown>> = {
  'mf_payments/PayFormPage': () => import('../../../mf-payments/src/pages/pay-form-page'),
  'mf_payments/CheckoutPage': () => import('../../../mf-payments/src/pages/checkout-page'),
  'mf_payments/PaymentSuccessPage': () => import('../../../mf-payments/src/pages/payment-success-page'),
  'mf_payments/PaymentPendingPage': () => import('../../../mf-payments/src/pages/payment-pending-page'),
  'mf_payments/PaymentFailurePage': () => import('../../../mf-payments/src/pages/payment-failure-page'),
  'mf_payments/CheckoutSuccessPage': () => import('../../../mf-payments/src/pages/checkout-success-page'),
};

export const bundledRemoteIds = Object.keys(bundled);

// The federated build's preload, done the ordinary bundle's way (its page's chunk, early), so
// that the two builds differ by federation alone.
export function preloadPayerPage(pathname: string): void {
  const page = publicPages.find(({ path }) => matchesRoute(path, pathname));
  if (page) bundled[page.remote.id]?.().catch(() => undefined);
}

export async function registerRemotesFromManifest(): Promise<void> {}

export async function loadRemoteModule<T>(id: string): Promise<T | null> {
  const load = bundled[id];
  if (!load) throw new Error(`${id} is not part of the single-bundle build`);
  return (await load()) as T;
}
