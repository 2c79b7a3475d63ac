import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { envelopeKeys, seal } from '@paydesk/shared/crypto/envelope';
import { DEMO_SECRET_KEY } from '../src/demo-keys';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Money under faults: two server processes on one PostgreSQL database take a load of payments
 * (standalone, and two payers at once on each merchant checkout) and withdrawals; each process is
 * killed with SIGKILL once mid-way and restarted. A
 * client retries a cut request on the other process with the same transaction id or
 * Idempotency-Key, as a careful merchant integration does. Afterwards every acknowledged payment
 * and withdrawal is stored exactly once and the ledger reconciles. PostgreSQL only (`.postgres.test.ts`):
 * embedded PGlite belongs to one process.
 */
const url = process.env.TEST_DATABASE_URL;
const password = `Faults-${randomBytes(6).toString('hex')}-1`;
const LOAD_MS = 2_500;

let admin: pg.Client;
let schema: string;
let dataDir: string;
let servers: ServerProcess[] = [];

const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await admin.query<T>(text, params)).rows;

async function setUp() {
  schema = `faults_${randomBytes(4).toString('hex')}`;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query(`set search_path = ${schema}`);
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-faults-'));
  const database = new URL(url!);
  database.searchParams.set('options', `-c search_path=${schema}`);
  const env = {
    DATABASE_URL: database.toString(),
    DATA_DIR: dataDir,
    PAYDESK_MODE: 'demo',
    DEMO_PASSWORD: password,
    FRONTENDS_DIR: dataDir,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    WITHDRAWAL_SETTLE_SECONDS: '1',
  };
  // The first process migrates and seeds; the second starts on the same database.
  servers = [await startServerProcess(env)];
  servers.push(await startServerProcess(env));
}

async function tearDown() {
  await Promise.all(servers.map((server) => server.stop()));
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
  rmSync(dataDir, { recursive: true, force: true });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of several routes, read field by field
type AnyAnswer = { status: number; json: any };

/** POSTs JSON to whichever process answers, retrying a cut connection on the next one. */
async function postAnywhere(path: string, body: unknown, headers: Record<string, string>, attempt = 0): Promise<AnyAnswer> {
  const server = servers[(attempt + Math.floor(Math.random() * 2)) % servers.length]!;
  try {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  } catch (error) {
    if (attempt > 50) throw error;
    await new Promise((r) => setTimeout(r, 100));
    return postAnywhere(path, body, headers, attempt + 1);
  }
}

async function runLoad(until: () => boolean) {
  const config = (await (await fetch(`${servers[0]!.baseUrl}/api/public/config`)).json()).data;
  const keys = envelopeKeys(config.envelopeKey);
  const publicHeaders = { authorization: `Bearer ${config.publishableKey}` };
  const login = await postAnywhere('/api/auth/login', { email: 'admin@paydesk.test', password }, {});
  const adminHeaders = { authorization: `Bearer ${login.json.data.token}` };
  const payments: string[] = [];
  const withdrawals: string[] = [];
  const checkouts: string[] = [];
  const merchantHeaders = { authorization: `Bearer ${DEMO_SECRET_KEY}` };
  for (let i = 0; i < 30; i += 1) {
    const created = await postAnywhere(
      '/api/checkout',
      { first_name: 'Race', last_name: 'Test', email: 'race@example.com', phone: '+15550100', amount: 7.5 },
      merchantHeaders,
    );
    checkouts.push(created.json.data.reference);
  }

  const payOnce = async (card = '4242424242424242', reference: string | null = null) => {
    const init = await postAnywhere('/api/initialize-card-transaction', { card_number: card, currency: 'USD', reference }, publicHeaders);
    // A checkout another payer has just paid refuses new cards.
    if (reference && init.status === 400) return;
    if (init.status !== 200) throw new Error(`initialise answered ${init.status}`);
    const { transactionId, orderId } = init.json.data;
    const payload = {
      transaction_id: transactionId,
      order_id: orderId,
      reference,
      card_number: card,
      card_month: '12',
      card_year: String(new Date().getFullYear() + 2),
      cvv: '123',
      amount: 10,
      currency: 'USD',
      email: 'load@example.com',
      phone: '+15550100',
      first_name: 'Load',
      last_name: 'Test',
      cardBrand: 'Visa',
      checkout: reference !== null,
      checkout_reference: reference,
    };
    // The same transaction id on every retry: the server charges it once.
    const answer = await postAnywhere('/api/process-card-transaction', { data: seal(payload, keys) }, publicHeaders);
    if (answer.status === 200) payments.push(transactionId);
  };
  // Two payers at once on each checkout, with different cards, through either process.
  let nextCheckout = 0;
  const payCheckoutTwice = async () => {
    const reference = checkouts[nextCheckout++ % checkouts.length]!;
    await Promise.all([payOnce('4242424242424242', reference), payOnce('5555555555554444', reference)]);
  };
  const withdrawOnce = async () => {
    const key = randomUUID();
    const answer = await postAnywhere(
      '/api/backend/withdraw',
      { amount: 1, account_number: '12345678', bank_name: 'Load Bank', account_name: 'Paydesk Merchant' },
      { ...adminHeaders, 'idempotency-key': key },
    );
    if (answer.status === 200 || answer.status === 201) withdrawals.push(answer.json.data.transaction_id);
  };
  const client = async (work: () => Promise<void>) => {
    while (!until()) await work();
  };
  await Promise.all([
    ...Array.from({ length: 4 }, () => client(() => payOnce())),
    ...Array.from({ length: 2 }, () => client(payCheckoutTwice)),
    ...Array.from({ length: 2 }, () => client(withdrawOnce)),
  ]);
  return { payments, withdrawals, checkouts };
}

describe('money under faults', () => {
  beforeAll(setUp, 120_000);
  afterAll(tearDown, 60_000);

  it('keeps every acknowledged payment and withdrawal exactly once through two SIGKILLs, and the ledger reconciles', async () => {
    let done = false;
    const load = runLoad(() => done);
    for (const server of servers) {
      await new Promise((r) => setTimeout(r, LOAD_MS));
      await server.kill();
      await server.restart();
    }
    await new Promise((r) => setTimeout(r, LOAD_MS));
    done = true;
    const { payments, withdrawals, checkouts } = await load;
    expect(payments.length).toBeGreaterThan(20);
    expect(checkouts.length).toBe(30);
    expect(withdrawals.length).toBeGreaterThan(5);

    const stored = await sql<{ transaction_id: string; n: number; postings: number; paid: boolean }>(
      `select t.transaction_id, count(*)::int as n, bool_or(t.status in ('completed', 'success')) as paid,
         (select count(*)::int from ledger_postings p where p.transaction_id = t.transaction_id and p.kind = 'payment') as postings
       from transactions t where t.transaction_id = any($1) group by t.transaction_id`,
      [payments],
    );
    expect(stored).toHaveLength(payments.length);
    // Stored once; credited once if paid, never if voided by a checkout another payer won.
    for (const row of stored) expect([row.transaction_id, row.n, row.postings]).toEqual([row.transaction_id, 1, row.paid ? 1 : 0]);

    const held = await sql<{ reference: string }>('select reference from withdrawals where reference = any($1)', [withdrawals]);
    expect(held.map((w) => w.reference).sort()).toEqual([...withdrawals].sort());
    // No withdrawal the client did not get an answer for was doubled: each withdrawal of the load is
    // the answer of exactly one Idempotency-Key (whose row admits one answer).
    expect(
      await sql(
        `select w.reference from withdrawals w
           left join idempotency_keys k on k.scope like 'user:%' and k.body->'data'->>'transaction_id' = w.reference
          where w.bank_name = 'Load Bank' group by w.reference having count(k.key) <> 1`,
      ),
    ).toEqual([]);

    expect(await sql('select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0')).toEqual([]);
    const [ledger] = await sql<{ total: string; pending: string; held: string; credited: number; completed: number }>(
      `select (select coalesce(sum(amount_cents), 0) from ledger_entries) as total,
         (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'merchant_pending') as pending,
         (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending') as held,
         (select count(*)::int from ledger_postings where kind = 'payment') as credited,
         (select count(*)::int from transactions where status in ('completed', 'success')) as completed`,
    );
    // Every checkout: at most one paid payment, which is the one the checkout names; the rest voided or declined.
    const perCheckout = await sql<{ reference: string; status: string; transaction_id: string | null; paid: string[]; voided: number }>(
      `select c.reference, c.status, c.transaction_id,
         coalesce(array_agg(t.transaction_id) filter (where t.status in ('completed', 'success')), '{}') as paid,
         count(*) filter (where t.status = 'voided')::int as voided
       from checkouts c left join transactions t on t.checkout_reference = c.reference
       where c.reference = any($1) group by c.reference, c.status, c.transaction_id`,
      [checkouts],
    );
    expect(perCheckout).toHaveLength(checkouts.length);
    for (const checkout of perCheckout) {
      expect(checkout.paid.length).toBeLessThanOrEqual(1);
      expect([checkout.status, checkout.transaction_id]).toEqual(
        checkout.paid.length === 1 ? ['completed', checkout.paid[0]] : ['pending', null],
      );
    }
    expect(perCheckout.filter((checkout) => checkout.paid.length === 1).length).toBeGreaterThan(10);

    expect(Number(ledger!.total)).toBe(0);
    expect(Number(ledger!.pending)).toBe(Number(ledger!.held));
    expect(ledger!.credited).toBe(ledger!.completed);
  }, 180_000);
});
