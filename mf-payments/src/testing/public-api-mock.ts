import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { envelopeKeys, open, seal } from '@paydesk/shared/crypto/envelope';
import type { PublicConfig } from '@paydesk/shared/schemas/payer-api';
import { forgetPublicConfig } from '../lib/public-config';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';

/** The provider API for jsdom tests on the shared fake API: routes by "METHOD /path", records every call. */
export const testConfig: PublicConfig = {
  publishableKey: 'pk_test_paydesk',
  envelopeKey: 'ab'.repeat(32),
  supportEmail: 'support@paydesk.test',
  challengeOrigin: 'https://acs.paydesk.test',
};
export const testKeys = envelopeKeys(testConfig.envelopeKey);

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  keepalive: boolean;
}

type Handler = (body: unknown) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const ok = (data?: unknown, message = 'OK') => json(200, { status: 'success', message, data });

export function mockPublicApi(routes: Record<string, Handler> = {}) {
  // A fresh fake API is a fresh page: the configuration is fetched again.
  forgetPublicConfig();
  const table: Record<string, Handler> = { 'GET /api/public/config': () => ok(testConfig), ...routes };
  const api = fakeApi(Object.fromEntries(Object.entries(table).map(([key, handler]) => [key, (call) => handler(call.body)])));
  const recorded = (): RecordedCall[] =>
    api.calls.map((call) => ({
      method: call.method,
      path: call.path + call.url.search,
      authorization: call.headers.get('authorization'),
      body: call.body,
      keepalive: call.keepalive,
    }));
  return {
    get calls() {
      return recorded();
    },
    callsTo: (path: string) => recorded().filter((c) => c.path.startsWith(path)),
    restore: api.restore,
  };
}

export function transactionResultOf(overrides: Partial<TransactionResult> = {}): TransactionResult {
  return {
    statusOk: true,
    paymentCompleted: true,
    status: 'completed',
    customerReference: null,
    transactionReference: 'ref',
    payment_amount: '25.00',
    processor: 'sandbox',
    response_content: { code: '00', redirectHtml: null, data: null },
    transaction_id: 'txn_1',
    order_id: 'ord_1',
    response_message: 'Approved',
    checkout_request: null,
    ...overrides,
  };
}

/** The process-card-transaction answer: the result sealed as the server seals it. */
export const sealedResult = (result: TransactionResult) => ok(seal(result, testKeys));
export const openedPayload = (body: unknown) => open((body as { data: string }).data, testKeys);
