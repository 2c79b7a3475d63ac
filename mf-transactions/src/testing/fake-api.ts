import { fakeApi as sharedFakeApi, type ApiCall } from '@paydesk/shared/testing/fake-api';
import type { RefundObject } from '@paydesk/shared/schemas/merchant-objects';
import type { Transaction, TransactionDetails } from '@paydesk/shared/schemas/transaction';

/** A POST as the fake API received it. */
export interface Posted {
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

export type Handler = (url: URL, posted?: Posted) => { status?: number; body: unknown };

const postedOf = (call: ApiCall): Posted => ({ path: call.path, body: call.body, idempotencyKey: call.headers.get('idempotency-key') });

/**
 * The API slice's calls on the shared fake API, routed by "METHOD /path" (`:name` for one segment);
 * records every URL asked for, and every POST.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const api = sharedFakeApi(
    Object.fromEntries(
      Object.entries(routes).map(([key, handler]) => [
        key,
        (call: ApiCall) => handler(call.url, call.method === 'POST' ? postedOf(call) : undefined),
      ]),
    ),
  );
  return {
    get calls() {
      return api.calls.map((call) => call.url);
    },
    get posts() {
      return api.calls.filter((call) => call.method === 'POST').map(postedOf);
    },
    restore: api.restore,
    /** The URLs asked of one route, "METHOD /path" as in the routes. */
    callsTo: (key: string) => api.callsTo(key).map((call) => call.url),
  };
}

export const ok = (data: unknown) => ({ body: { status: 'success', data } });

export const aTransaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: 1,
  transaction_id: 'PDAAAA0001',
  first_name: 'Olivia',
  last_name: 'Smith',
  email: 'olivia.smith@example.com',
  phone: '+1 555 0100',
  payment_amount: '200.00',
  currency: 'USD',
  status: 'completed',
  last_four: '4242',
  card_brand: 'Visa',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:05.000Z',
  fee_amount: '6.10',
  value_amount: '193.90',
  response: { message: 'Approved' },
  response_content: null,
  provider_key: { id: 1, provider_name: 'Sandbox Processor', key_name: 'Primary Switch' },
  amount_refunded: '0.00',
  ...over,
});

export const aRefund = (over: Partial<RefundObject> = {}): RefundObject => ({
  object: 'refund',
  id: 're_AAAAAAAAAAAAAAAAAAAAAAAA',
  transaction_id: 'PDAAAA0001',
  amount: '20.00',
  currency: 'USD',
  status: 'succeeded',
  reason: 'requested_by_customer',
  note: null,
  failure_reason: null,
  requested_by: 'admin@paydesk.test',
  created_at: '2026-03-02T09:00:00.000Z',
  settled_at: '2026-03-02T09:00:20.000Z',
  ...over,
});

export const details = (over: Partial<TransactionDetails> = {}): TransactionDetails => ({
  ...aTransaction(),
  refunds: [],
  dispute_id: null,
  ...over,
});

/** A paginated wrapper of `total` generated rows, sliced as the server would. */
export function pageOf(url: URL, total: number) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  const start = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - start));
  const data = Array.from({ length: count }, (_, i) =>
    aTransaction({ id: start + i + 1, transaction_id: `PDROW${String(start + i + 1).padStart(5, '0')}` }),
  );
  return {
    data,
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from: count ? start + 1 : null,
    to: count ? start + count : null,
  };
}
