import { publicPageModules, publicPaths } from '@paydesk/shared/routes';
import type { RemoteModule } from './remote-module';

/**
 * The payer pages and the remote module of each: the shell routes them (app/app.tsx), and the
 * loader preloads the one the server sent before React has run (remote-loader.ts).
 */
export const publicPages: readonly { path: string; remote: RemoteModule }[] = [
  { path: publicPaths.payForm, remote: { id: publicPageModules.payForm, area: 'Payment' } },
  { path: publicPaths.checkout, remote: { id: publicPageModules.checkout, area: 'Checkout' } },
  { path: publicPaths.paymentSuccess, remote: { id: publicPageModules.paymentSuccess, area: 'Payment' } },
  { path: publicPaths.paymentPending, remote: { id: publicPageModules.paymentPending, area: 'Payment' } },
  { path: publicPaths.paymentFailure, remote: { id: publicPageModules.paymentFailure, area: 'Payment' } },
  { path: publicPaths.checkoutSuccess, remote: { id: publicPageModules.checkoutSuccess, area: 'Checkout' } },
];
