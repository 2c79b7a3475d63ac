/**
 * The single-bundle build variant's stand-in for remote-loader.ts: the payer pages imported from
 * mf-payments' source as ordinary lazy chunks, no federation runtime and no manifest, so that
 * bench/payer-page.mjs can measure what federation costs. The ids are mf-payments' exposes
 * (mf-payments/webpack.config.cjs); the back office is left out of this variant. Each page's chunk
 * is named after its id, so the build lists its files in page-chunks.json and the server sends the
 * page with preload hints for them, as it does for the federated page's remote files
 * (scripts/webpack/create-config.cjs, server/src/frontends/preload-links.ts).
 */
import { matchesRoute } from '@paydesk/shared/routes';
import type { RemoteManifest } from './manifest';
import { publicPages } from './public-pages';

const bundled: Record<string, () => Promise<unknown>> = {
  'mf_payments/PayFormPage': () => import(/* webpackChunkName: "mf_payments/PayFormPage" */ '../../../mf-payments/src/pages/pay-form-page'),
  'mf_payments/CheckoutPage': () =>
    import(/* webpackChunkName: "mf_payments/CheckoutPage" */ '../../../mf-payments/src/pages/checkout-page'),
  'mf_payments/PaymentSuccessPage': () =>
    import(/* webpackChunkName: "mf_payments/PaymentSuccessPage" */ '../../../mf-payments/src/pages/payment-success-page'),
  'mf_payments/PaymentPendingPage': () =>
    import(/* webpackChunkName: "mf_payments/PaymentPendingPage" */ '../../../mf-payments/src/pages/payment-pending-page'),
  'mf_payments/PaymentFailurePage': () =>
    import(/* webpackChunkName: "mf_payments/PaymentFailurePage" */ '../../../mf-payments/src/pages/payment-failure-page'),
  'mf_payments/CheckoutSuccessPage': () =>
    import(/* webpackChunkName: "mf_payments/CheckoutSuccessPage" */ '../../../mf-payments/src/pages/checkout-success-page'),
};

export const bundledRemoteIds = Object.keys(bundled);

// The federated build's preload, done the ordinary bundle's way (its page's chunk, early), so
// that the two builds differ by federation alone.
export function preloadPayerPage(pathname: string): void {
  const page = publicPages.find(({ path }) => matchesRoute(path, pathname));
  if (page) bundled[page.remote.id]?.().catch(() => undefined);
}

export async function registerRemotesFromManifest(): Promise<void> {}

// The back office is left out of this variant: no remote declares an area.
export const liveRemotes = (): RemoteManifest['remotes'] => [];

export const previewedRelease = (): RemoteManifest['preview'] => undefined;

// Retrying in place is this variant's only way (it measures load times, not failures).
export const retryReloadsPage = (_id: string): boolean => false;

export async function loadRemoteModule<T>(id: string): Promise<T | null> {
  const load = bundled[id];
  if (!load) throw new Error(`${id} is not part of the single-bundle build`);
  return (await load()) as T;
}
