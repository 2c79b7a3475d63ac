import { auditActions } from '@paydesk/shared/schemas/audit';
import { chartRanges } from '@paydesk/shared/schemas/dashboard';
import { cardStatuses } from '@paydesk/shared/schemas/card';
import { transactionStatuses } from '@paydesk/shared/schemas/transaction';
import { eventTypes } from '@paydesk/shared/schemas/webhooks';
import { disputeStatuses } from '@paydesk/shared/schemas/merchant-objects';
import { balanceTransactionTypes } from '@paydesk/shared/schemas/balance';
import type { StoredRows } from './stored-rows';

/**
 * For every GET route the app registers, the calls that read every stored row it can answer
 * with: `rows => urls`, or 'fixed' for a route whose answer reads no stored row (its one request
 * in route-access.ts is enough). The walk fails when the app has a GET route this table lacks,
 * so a new read cannot escape it.
 */
export type Walk = 'fixed' | ((rows: StoredRows) => string[]);

/** Every page of a list of `total` rows, 100 a page (the list's largest page size). */
const pages = (base: string, total: number): string[] =>
  Array.from(
    { length: Math.max(1, Math.ceil(total / 100)) },
    (_, i) => `${base}${base.includes('?') ? '&' : '?'}per_page=100&page=${i + 1}`,
  );

/** Every page of the webhooks lists (`limit`, at most 100). */
const webhookPages = (base: string, total: number): string[] =>
  Array.from({ length: Math.max(1, Math.ceil(total / 100)) }, (_, i) => `${base}?limit=100&page=${i + 1}`);

const each = <T>(items: readonly T[], url: (item: T) => string): string[] => items.map(url);

/** Every page of the disputes list, each status, each payment with a dispute, and a time range. */
const disputeLists = (base: string, { disputes }: StoredRows): string[] => [
  ...webhookPages(base, disputes.length),
  ...each(disputeStatuses, (status) => `${base}?limit=100&status=${status}`),
  ...each(disputes, ({ transaction_id }) => `${base}?transaction_id=${encodeURIComponent(transaction_id)}`),
  `${base}?from=2000-01-01&to=2999-12-31T00:00:00Z&limit=100`,
];

/**
 * Every page of the balance's movements (keyset: each page starts before the last movement of the
 * one before, `balanceMovements` of them in all), each type, each stored source, and a range.
 */
const balanceLists = (base: string, { balanceMovements, balanceSources }: StoredRows): string[] => [
  `${base}?limit=100`,
  ...Array.from(
    { length: Math.floor(balanceMovements.length / 100) },
    (_, i) => `${base}?limit=100&before=${balanceMovements[(i + 1) * 100 - 1]}`,
  ),
  ...each(balanceTransactionTypes, (type) => `${base}?limit=100&type=${type}`),
  ...each(balanceSources, (source) => `${base}?source=${encodeURIComponent(source)}`),
  ...each(balanceSources, (source) => `${base}?withdrawal=${encodeURIComponent(source)}`),
  `${base}?from=2000-01-01T00:00:00Z&to=2999-12-31T00:00:00Z&limit=100`,
];

/** Summaries over the stored movements' whole history, the last day, and a range before any. */
const balanceSummaries = (base: string): string[] => [
  `${base}?from=2000-01-01T00:00:00Z&to=2999-12-31T00:00:00Z`,
  `${base}?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`,
  `${base}?from=1999-01-01T00:00:00Z&to=2000-01-01T00:00:00Z`,
];

export const getWalk: Record<string, Walk> = {
  'GET /healthz': 'fixed',
  'GET /readyz': 'fixed',
  'GET /remotes.json': 'fixed',
  'GET /api/docs': 'fixed',
  'GET /api/docs/json': 'fixed',
  'GET /api/docs/yaml': 'fixed',
  'GET /api/docs/static/index.html': 'fixed',
  'GET /api/docs/static/swagger-initializer.js': 'fixed',
  'GET /api/docs/static/*': 'fixed',
  'GET /api/auth/me': 'fixed',
  'GET /api/auth/two-factor': 'fixed',
  // The caller's own passkeys: the role accounts have none (one would add a second step to their sign-in).
  'GET /api/auth/passkeys': 'fixed',
  'GET /api/public/config': 'fixed',
  'GET /api/sandbox/acs/notify.js': 'fixed',
  'GET /api/sandbox/acs/acs.css': 'fixed',
  'GET /api/backend/cards/download/bulk-template': 'fixed',
  'GET /api/*': 'fixed',
  'GET /demo/merchant': 'fixed',
  'GET /demo/merchant/merchant.js': 'fixed',
  'GET /demo/merchant/merchant.css': 'fixed',

  'GET /api/backend/total-revenue': 'fixed',
  'GET /api/backend/total-transactions': 'fixed',
  'GET /api/backend/today-stats': 'fixed',
  'GET /api/backend/wallet-balance': 'fixed',
  'GET /api/backend/recent-transactions': 'fixed',
  'GET /api/backend/chart-data': () => each(chartRanges, (range) => `/api/backend/chart-data?range=${range}`),
  'GET /api/backend/all-transactions': ({ transactions }) => [
    ...pages('/api/backend/all-transactions', transactions.length),
    ...transactionStatuses.flatMap((status) =>
      pages(`/api/backend/all-transactions?status=${status}`, transactions.filter((t) => t.status === status).length),
    ),
    ...['old', 'pd', 'bare', 'full', 'row'].map((search) => `/api/backend/all-transactions?per_page=100&search=${search}`),
  ],
  'GET /api/backend/transaction-details/:id': ({ transactions }) =>
    transactions.flatMap((t) => [
      `/api/backend/transaction-details/${t.id}`,
      `/api/backend/transaction-details/${encodeURIComponent(t.transaction_id)}`,
    ]),
  'GET /api/backend/users': 'fixed',
  // The catalogue is code; the roles list has no pages: its one request answers every stored role.
  'GET /api/backend/permissions': 'fixed',
  'GET /api/backend/roles': 'fixed',
  'GET /api/backend/withdrawals': 'fixed',
  'GET /api/backend/balance-transactions': (rows) => balanceLists('/api/backend/balance-transactions', rows),
  'GET /api/backend/balance-transactions/summary': () => balanceSummaries('/api/backend/balance-transactions/summary'),
  'GET /api/backend/balance-transactions/export.csv': () => ['/api/backend/balance-transactions/export.csv'],
  'GET /api/backend/balance-transactions/export.xlsx': () => ['/api/backend/balance-transactions/export.xlsx'],
  'GET /api/balance-transactions': (rows) => balanceLists('/api/balance-transactions', rows),
  'GET /api/balance-transactions/summary': () => balanceSummaries('/api/balance-transactions/summary'),
  'GET /api/backend/cards': ({ poolCards }) => [
    ...pages('/api/backend/cards', poolCards),
    ...cardStatuses.flatMap((status) => pages(`/api/backend/cards?status=${status}`, poolCards)),
    '/api/backend/cards?search=visa',
  ],
  'GET /api/checkout/validate/:reference': ({ checkouts }) => each(checkouts, (reference) => `/api/checkout/validate/${reference}`),
  'GET /api/refunds/:id': ({ refunds }) => each(refunds, (id) => `/api/refunds/${id}`),
  'GET /api/disputes': (rows) => disputeLists('/api/disputes', rows),
  'GET /api/disputes/:id': ({ disputes }) => each(disputes, ({ id }) => `/api/disputes/${id}`),
  'GET /api/backend/disputes': (rows) => disputeLists('/api/backend/disputes', rows),
  'GET /api/backend/disputes/:id': ({ disputes }) => each(disputes, ({ id }) => `/api/backend/disputes/${id}`),
  'GET /api/backend/disputes/:id/timeline': ({ disputes }) => each(disputes, ({ id }) => `/api/backend/disputes/${id}/timeline`),
  'GET /api/backend/files/:id': ({ files }) => each(files, (id) => `/api/backend/files/${id}`),
  'GET /api/checkout/:reference': ({ checkouts }) => each(checkouts, (reference) => `/api/checkout/${reference}`),
  'GET /api/payments/:transaction_id': ({ transactions }) =>
    each(transactions, (t) => `/api/payments/${encodeURIComponent(t.transaction_id)}`),
  'GET /api/backend/audit': ({ lastAuditId }) => [
    ...Array.from({ length: Math.ceil(lastAuditId / 100) }, (_, i) => `/api/backend/audit?limit=100&before=${lastAuditId + 1 - i * 100}`),
    ...auditActions.map((action) => `/api/backend/audit?limit=100&action=${action}`),
  ],
  'GET /api/backend/audit/export.csv': () => ['/api/backend/audit/export.csv'],
  'GET /api/backend/webhooks/endpoints': () => ['/api/backend/webhooks/endpoints'],
  'GET /api/backend/webhooks/endpoints/:id/attempts': ({ endpoints }) =>
    each(endpoints, (id) => `/api/backend/webhooks/endpoints/${id}/attempts?limit=100`),
  'GET /api/backend/webhooks/events': ({ events }) => [
    ...webhookPages('/api/backend/webhooks/events', events.length),
    ...each(eventTypes, (type) => `/api/backend/webhooks/events?limit=100&type=${type}`),
  ],
  'GET /api/backend/webhooks/events/:id': ({ events }) => each(events, (id) => `/api/backend/webhooks/events/${id}`),
  'GET /demo/merchant/webhooks': 'fixed',
  'GET /api/backend/api-keys': () => ['/api/backend/api-keys'],
  'GET /api/platform/remotes': () => ['/api/platform/remotes'],
  'GET /api/platform/deploy-tokens': () => ['/api/platform/deploy-tokens'],
  'GET /api/backend/api-requests': () => [
    ...webhookPages('/api/backend/api-requests', 1),
    ...each(['2xx', '3xx', '4xx', '5xx'], (status) => `/api/backend/api-requests?limit=100&status_class=${status}&path=%2Fapi%2F`),
  ],
  'GET /api/checkout/requery': ({ transactions }) =>
    each(transactions, (t) => `/api/checkout/requery?reference=${encodeURIComponent(t.transaction_id)}`),
};
