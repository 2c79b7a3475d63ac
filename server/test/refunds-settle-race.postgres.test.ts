import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEMO_SECRET_KEY } from '../src/demo-keys';
import { payThrough } from './process-payments';
import { startTwoServers, type ServerProcess, type TwoServers } from './server-process';

/**
 * Refunds are created from two server processes while both processes' jobs settle refunds of the
 * same payments, a fifth of them paid with the card whose refunds fail and return their money;
 * then the same with withdrawals requested and settled at once. No request answers 5xx
 * (docs/decisions/lock-order.md, REF-13), and the money reconciles: the ledger sums to zero and
 * each payment's refunded_cents is its pending and succeeded refunds. PostgreSQL only
 * (`.postgres.test.ts`): embedded PGlite belongs to one process.
 */
const password = `Race-${randomBytes(6).toString('hex')}-1`;
const LOAD_MS = 6_000;
const VISA = '4242424242424242';
const REFUND_FAILS = '4000000000005126';

let admin: pg.Client;
let servers: ServerProcess[] = [];
let two: TwoServers;
let staffToken: string;
const payments: string[] = [];

const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await admin.query<T>(text, params)).rows;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of several routes, read field by field
type Answer = { status: number; json: any };

const post = async (server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
};

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** Every answer's status, and the bodies of the 5xx ones. */
interface Tally {
  statuses: Record<string, number>;
  serverErrors: unknown[];
}

const tally = (): Tally => ({ statuses: {}, serverErrors: [] });
/** What a failure shows: how many 5xx among all the answers, and the first one's body. */
const fiveXx = (seen: Tally) => ({ fiveXx: seen.serverErrors.length, first: seen.serverErrors[0], statuses: seen.statuses });
const count = (into: Tally, kind: string, answer: Answer) => {
  const key = `${kind} ${answer.status}`;
  into.statuses[key] = (into.statuses[key] ?? 0) + 1;
  if (answer.status >= 500) into.serverErrors.push({ kind, body: answer.json });
};

/** A small refund of one of the payments, through the merchant API or the back office, from either process. */
async function refundOnce(into: Tally, i: number) {
  const server = servers[i % 2]!;
  const transactionId = pick(payments);
  const amount = (1 + Math.floor(Math.random() * 25)) / 100;
  // Half of them with an Idempotency-Key: a retried transaction redoes its key row too.
  const key: Record<string, string> = Math.random() < 0.5 ? { 'idempotency-key': randomUUID() } : {};
  const answer =
    i % 4 === 3
      ? await post(
          server,
          `/api/backend/transactions/${transactionId}/refunds`,
          { amount, reason: 'other' },
          { authorization: `Bearer ${staffToken}`, ...key },
        )
      : await post(
          server,
          '/api/refunds',
          { transaction_id: transactionId, amount, reason: 'requested_by_customer' },
          { authorization: `Bearer ${DEMO_SECRET_KEY}`, ...key },
        );
  count(into, 'refund', answer);
}

/** A small withdrawal from either process; a quarter to an account the sandbox bank refuses, whose money returns. */
async function withdrawOnce(into: Tally, i: number) {
  const answer = await post(
    servers[i % 2]!,
    '/api/backend/withdraw',
    {
      amount: (1 + Math.floor(Math.random() * 50)) / 100,
      account_number: Math.random() < 0.25 ? '12340000' : '12345678',
      bank_name: 'Race Bank',
      account_name: 'Paydesk Merchant',
    },
    { authorization: `Bearer ${staffToken}`, 'idempotency-key': randomUUID() },
  );
  count(into, 'withdrawal', answer);
}

/** Clients that each send one request after the other until LOAD_MS has passed. */
async function load(clients: ((into: Tally, i: number) => Promise<void>)[]): Promise<Tally> {
  const into = tally();
  const until = Date.now() + LOAD_MS;
  await Promise.all(
    clients.map(async (work, client) => {
      for (let i = client; Date.now() < until; i += clients.length) await work(into, i);
    }),
  );
  return into;
}

/** Waits (bounded) until both processes' jobs have settled every refund and withdrawal. */
async function settled() {
  for (let waited = 0; waited < 20_000; waited += 250) {
    const [left] = await sql<{ n: number }>(
      `select (select count(*) from refunds where status = 'pending') + (select count(*) from withdrawals where status = 'pending') as n`,
    );
    if (Number(left!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('refunds or withdrawals were still pending after 20 s');
}

async function expectMoneyReconciles() {
  const [ledger] = await sql<{ total: string; unbalanced: string; available: string; pending: string; held: string }>(
    `select (select coalesce(sum(amount_cents), 0) from ledger_entries) as total,
       (select count(*) from (select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0) u) as unbalanced,
       (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'merchant_available') as available,
       (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'merchant_pending') as pending,
       (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending') as held`,
  );
  expect(Number(ledger!.total)).toBe(0);
  expect(Number(ledger!.unbalanced)).toBe(0);
  expect(Number(ledger!.available)).toBeGreaterThanOrEqual(0);
  expect(Number(ledger!.pending)).toBe(Number(ledger!.held));
  // Each payment's refunded_cents is its pending and succeeded refunds (REF-04, REF-07).
  const off = await sql(
    `select t.transaction_id, t.refunded_cents,
       (select coalesce(sum(amount_cents), 0) from refunds r where r.transaction_id = t.transaction_id and r.status in ('pending', 'succeeded')) as refunds
     from transactions t
     where t.refunded_cents <> (select coalesce(sum(amount_cents), 0) from refunds r
       where r.transaction_id = t.transaction_id and r.status in ('pending', 'succeeded'))`,
  );
  expect(off).toEqual([]);
  // Every refund of the test's payments is posted once, and every failed one returned once.
  const [postings] = await sql<{ refunds: string; posted: string; failed: string; returned: string }>(
    `select count(*) as refunds, count(*) filter (where r.status = 'failed') as failed,
       (select count(*) from ledger_postings p join refunds q on q.id = p.refund_id
         where q.transaction_id = any($1) and p.kind = 'refund') as posted,
       (select count(*) from ledger_postings p join refunds q on q.id = p.refund_id
         where q.transaction_id = any($1) and p.kind = 'refund_returned') as returned
     from refunds r where r.transaction_id = any($1)`,
    [payments],
  );
  expect(Number(postings!.posted)).toBe(Number(postings!.refunds));
  expect(Number(postings!.returned)).toBe(Number(postings!.failed));
}

beforeAll(async () => {
  two = await startTwoServers('settle_race', {
    REFUND_SETTLE_SECONDS: '0',
    WITHDRAWAL_SETTLE_SECONDS: '0',
    DEMO_PASSWORD: password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
  });
  ({ admin, servers } = two);
  staffToken = (await post(servers[0]!, '/api/auth/login', { email: 'admin@paydesk.test', password })).json.data.token;
  // Ten payments, a fifth of them with the card whose refunds fail: refunds pile up on few rows.
  for (let i = 0; i < 10; i += 1) payments.push(await payThrough(servers[i % 2]!, i % 5 === 0 ? REFUND_FAILS : VISA, 5_000));
}, 120_000);

afterAll(() => two?.stop(), 60_000);

it('answers no 5xx when refunds are created from two processes while refunds of the same payments settle', async () => {
  const seen = await load(Array.from({ length: 8 }, () => refundOnce));
  await settled();
  expect(fiveXx(seen)).toEqual({ fiveXx: 0, first: undefined, statuses: seen.statuses });
  // Enough to have met the race: before the lock order, about one in three of 40 answered 500.
  expect(seen.statuses['refund 201']).toBeGreaterThan(30);
  const [outcomes] = await sql<{ succeeded: string; failed: string }>(
    `select count(*) filter (where status = 'succeeded') as succeeded, count(*) filter (where status = 'failed') as failed
     from refunds where transaction_id = any($1)`,
    [payments],
  );
  expect(Number(outcomes!.succeeded)).toBeGreaterThan(0);
  expect(Number(outcomes!.failed)).toBeGreaterThan(0);
  await expectMoneyReconciles();
}, 60_000);

it('answers no 5xx when withdrawals race refunds and both settle', async () => {
  const seen = await load([...Array.from({ length: 6 }, () => refundOnce), ...Array.from({ length: 4 }, () => withdrawOnce)]);
  await settled();
  expect(fiveXx(seen)).toEqual({ fiveXx: 0, first: undefined, statuses: seen.statuses });
  expect(seen.statuses['refund 201']).toBeGreaterThan(20);
  expect(seen.statuses['withdrawal 201']).toBeGreaterThan(10);
  const [failed] = await sql<{ n: string }>(`select count(*) as n from withdrawals where status = 'failed'`);
  expect(Number(failed!.n)).toBeGreaterThan(0);
  await expectMoneyReconciles();
}, 60_000);
