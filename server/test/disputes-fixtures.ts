import type { FastifyInstance } from 'fastify';
import { disputeObject, paymentObject, type DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import type { Db } from '../src/db/db';
import { runDueDisputes } from '../src/disputes/dispute-jobs';
import { DISPUTE_CARD } from '../src/payments/sandbox-processor';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { paidPayment } from './refunds-fixtures';

export { DISPUTE_CARD, INQUIRY_CARD } from '../src/payments/sandbox-processor';

/** The disputes calls of one caller: the merchant API (`/api`) with the secret key, or the back office (`/api/backend`) with a token. */
export function disputesApi(app: FastifyInstance, credential: string, base: '/api' | '/api/backend' = '/api') {
  const headers = bearer(credential);
  const withKey = (key?: string) => ({ ...headers, ...(key ? { 'idempotency-key': key } : {}) });
  return {
    list: (query = '') => app.inject({ url: `${base}/disputes${query}`, headers }),
    get: (id: string) => app.inject({ url: `${base}/disputes/${encodeURIComponent(id)}`, headers }),
    update: (id: string, body: unknown, key?: string) =>
      app.inject({ method: 'POST', url: `${base}/disputes/${encodeURIComponent(id)}`, headers: withKey(key), payload: body as object }),
    close: (id: string, key?: string) =>
      app.inject({ method: 'POST', url: `${base}/disputes/${encodeURIComponent(id)}/close`, headers: withKey(key) }),
    open: (transactionId: string, body: unknown, key?: string) =>
      app.inject({ method: 'POST', url: `${base}/transactions/${transactionId}/dispute`, headers: withKey(key), payload: body as object }),
    upload: async (file: Buffer, filename: string, purpose: string | null = 'dispute_evidence', key?: string) => {
      const { payload, contentType } = await evidenceBody(file, filename, purpose);
      return app.inject({ method: 'POST', url: `${base}/files`, headers: { ...withKey(key), 'content-type': contentType }, payload });
    },
  };
}

export type DisputesApi = ReturnType<typeof disputesApi>;

/** DISPUTE_FEE's default, in cents: what every dispute of these tests costs the balance. */
export const FEE = 1500;

/**
 * The app of the dispute test files: demo mode (disputes opened by hand), the issuer deciding a
 * second after evidence, refunds settled at once; with the merchant's calls and an admin's.
 */
export async function disputesTestApp(): Promise<{ t: TestApp; api: DisputesApi; staff: DisputesApi; adminToken: string }> {
  const t = await buildTestApp({ PAYDESK_MODE: 'demo', DISPUTE_DECISION_SECONDS: '1', REFUND_SETTLE_SECONDS: '0' });
  const adminToken = await login(t.app, 'admin@paydesk.test');
  return { t, adminToken, api: disputesApi(t.app, t.config.secretKey), staff: disputesApi(t.app, adminToken, '/api/backend') };
}

/** A dispute as the merchant API answers it. */
export const disputeOf = async (api: DisputesApi, id: string): Promise<DisputeObject> =>
  disputeObject.parse((await api.get(id)).json().data);

/** A payment's status as the merchant API answers it. */
export const paymentStatus = async (t: TestApp, transactionId: string) =>
  paymentObject.parse((await t.app.inject({ url: `/api/payments/${transactionId}`, headers: bearer(t.config.secretKey) })).json().data)
    .status;

/** The types of the webhook events a dispute wrote, oldest first. */
export const eventTypes = async (db: Db, id: string) => (await disputeEvents(db, id)).map((event) => event.type);

/** A multipart body with `purpose` (unless null) and one file. */
export async function evidenceBody(file: Buffer, filename: string, purpose: string | null = 'dispute_evidence') {
  const form = new FormData();
  if (purpose !== null) form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** The sandbox issuer's job with this app's settings; `openSeconds` 0 opens the test cards' disputes at once. */
export const runDisputes = (t: Pick<TestApp, 'db' | 'config'>, openSeconds = 0) =>
  runDueDisputes(t.db, {
    openSeconds,
    responseSeconds: t.config.disputeResponseSeconds,
    decisionSeconds: t.config.disputeDecisionSeconds,
    feeCents: t.config.disputeFeeCents,
    fingerprintKey: t.config.fingerprintKey,
  });

/** A payment with a dispute test card, and the dispute (or inquiry) the issuer then opens; its id. */
export async function disputedPayment(
  t: TestApp,
  amount: number,
  card = DISPUTE_CARD,
): Promise<{ transactionId: string; disputeId: string }> {
  const transactionId = await paidPayment(t, amount, card);
  await runDisputes(t);
  const [row] = await t.db.query<{ id: string }>('select id from disputes where transaction_id = $1', [transactionId]);
  if (!row) throw new Error(`no dispute opened for ${transactionId}`);
  return { transactionId, disputeId: row.id };
}

/** Makes disputes due now: their due date (`due`) or the issuer's decision (`decision`), as if the time had passed. */
export const makeDue = (db: Db, id: string, what: 'due' | 'decision') =>
  db.query(
    what === 'due'
      ? `update disputes set due_by = now() - interval '1 second' where id = $1`
      : `update disputes set decide_at = now() where id = $1`,
    [id],
  );

/** The outbox's events about a dispute, oldest first; those of one transaction (one time) by their type. */
export const disputeEvents = (db: Db, id: string) =>
  db.query<{ type: string; object: { status: string } }>(
    `select type, object from webhook_events where object->>'object' = 'dispute' and object->>'id' = $1 order by created_at, type`,
    [id],
  );

/** A dispute's ledger postings, oldest first: kind, source and the change of merchant_available. */
export const disputePostings = (db: Db, id: string) =>
  db.query<{ kind: string; source: string; available: number }>(
    `select p.kind, p.source, coalesce(sum(e.amount_cents) filter (where e.account = 'merchant_available'), 0)::int as available
       from ledger_postings p join ledger_entries e on e.posting_id = p.id where p.dispute_id = $1 group by p.id order by p.id`,
    [id],
  );

/** The smallest well-formed files of each evidence type. */
export const evidenceFiles = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  png: (after = Buffer.alloc(0)) =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])),
      chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x60, 0, 0, 0, 2, 0, 1])),
      chunk('IEND', Buffer.alloc(0)),
      after,
    ]),
  jpeg: () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
};

/** A PNG chunk: length, type, data and a CRC the check does not read. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** The available balance in cents, summed straight from the ledger's entries (not through the API under test). */
export async function availableCents(db: Db): Promise<number> {
  const [row] = await db.query<{ sum: number }>(
    `select coalesce(sum(amount_cents), 0)::bigint as sum from ledger_entries where account = 'merchant_available'`,
  );
  return Number(row!.sum);
}
