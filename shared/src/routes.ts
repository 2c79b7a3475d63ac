/**
 * The route table of the product (APP-01, APP-02). The shell composes its router from it and the
 * server uses the same patterns to answer unknown paths with a 404 status.
 */
export const publicPaths = {
  payForm: '/',
  checkout: '/checkout/:reference',
  paymentSuccess: '/payment-success',
  paymentPending: '/payment-pending',
  paymentFailure: '/payment-failure',
  checkoutSuccess: '/checkout-success/:reference',
} as const;

/**
 * The remote module (container/expose) that renders each payer page. The shell loads it there;
 * the server sends the page with preload hints for its files (server/src/frontends/preload-links.ts).
 */
export const publicPageModules: Record<keyof typeof publicPaths, string> = {
  payForm: 'mf_payments/PayFormPage',
  checkout: 'mf_payments/CheckoutPage',
  paymentSuccess: 'mf_payments/PaymentSuccessPage',
  paymentPending: 'mf_payments/PaymentPendingPage',
  paymentFailure: 'mf_payments/PaymentFailurePage',
  checkoutSuccess: 'mf_payments/CheckoutSuccessPage',
};

export const controlPaths = {
  login: '/control/login',
  root: '/control',
  dashboard: '/control/dashboard',
  transactions: '/control/transactions',
  transactionDetails: '/control/transactions/:id',
  users: '/control/users',
  /** The audit trail (AUD-05): super_admin only. */
  audit: '/control/audit',
  settings: '/control/settings',
  cards: '/control/cards',
  withdrawals: '/control/withdrawals',
  /** Balance history (BAL-05): the movements of the available balance, in the Withdrawals area. */
  balanceHistory: '/control/withdrawals/balance',
  /** Webhooks: the endpoints list (the Developers area's first page), an endpoint, the events. */
  developers: '/control/developers',
  webhookEndpoint: '/control/developers/webhooks/:id',
  webhookEvents: '/control/developers/events',
  /** Disputes (DSP-08): the list and one dispute, which Transaction Details links to. */
  disputes: '/control/disputes',
  dispute: '/control/disputes/:id',
  /** API keys and the merchant API's request log (KEY-12). */
  apiKeys: '/control/developers/api-keys',
  apiRequests: '/control/developers/requests',
} as const;

const routeRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:[a-z]+/g, '[^/]+')}/?$`);
const patterns = [...Object.values(publicPaths), ...Object.values(controlPaths)].map(routeRegExp);

/** True when a path is an address of a route pattern of this table (`:name` stands for one segment). */
export const matchesRoute = (pattern: string, path: string): boolean => routeRegExp(pattern).test(path);

/** True when a path is one of the product's pages (anything else is the 404 page). */
export const isKnownPagePath = (path: string): boolean => patterns.some((re) => re.test(path));

const publicPageRoutes = (Object.keys(publicPaths) as (keyof typeof publicPaths)[]).map((page) => ({
  re: routeRegExp(publicPaths[page]),
  module: publicPageModules[page],
}));

/** The remote module of the payer page at a path, if it is one. */
export const publicPageModuleAt = (path: string): string | undefined => publicPageRoutes.find(({ re }) => re.test(path))?.module;
