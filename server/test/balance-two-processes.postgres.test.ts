import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { centsOf } from '@paydesk/shared/money';
import { DEMO_SECRET_KEY } from '../src/demo-keys';
import { DEMO_PASSWORD } from '../src/demo-password';
import { createPrng } from '../src/demo/prng';
import { DISPUTE_CARD, REFUND_FAILS_CARD } from '../src/payments/sandbox-processor';
import { balanceApi } from './balance-fixtures';
import { payThrough, postTo } from './process-payments';
import { startTwoServers, type ServerProcess, type TwoServers } from './server-process';

/**
 * Balance history reconciles whatever two server processes do at once (BAL-08): random payments
 * (some disputed by the sandbox's card, some whose refunds fail), refunds, disputes opened by hand
 * and won or lost, and withdrawals paid out and refused, sent to both processes through the API
 * as merchants and staff send them, while both run the jobs that settle and decide. No answer is
 * a 5xx; then every summary of a random range opens and closes at the ledger's balance of its
 * ends, adjacent ranges add up, every posting balances, and the movements are the balance, none
 * listed twice. PostgreSQL only (`.postgres.test.ts`): embedded PGlite belongs to one process.
 *
 * BALANCE_PROCESS_MOVES sets the moves of each process; BALANCE_PROCESS_SEED replays a run.
 */
const MOVES = Number(process.env.BALANCE_PROCESS_MOVES ?? 600);
const SEED = Number(process.env.BALANCE_PROCESS_SEED ?? Date.now() % 1_000_000);
const RANGES = 20;

let admin: pg.Client;
let servers: ServerProcess[] = [];
let two: TwoServers;
const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await admin.query<T>(text, params)).rows;

beforeAll(async () => {
  two = await startTwoServers('balance', {
    REFUND_SETTLE_SECONDS: '0',
    WITHDRAWAL_SETTLE_SECONDS: '0',
    DISPUTE_OPEN_SECONDS: '0',
    DISPUTE_DECISION_SECONDS: '1',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  });
  ({ admin, servers } = two);
}, 120_000);
afterAll(() => two?.stop(), 60_000);

const secretKey = { authorization: `Bearer ${DEMO_SECRET_KEY}` };
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

/** A staff session of a process (the demo admin, who may refund, withdraw and open disputes in demo mode). */
async function staffToken(server: ServerProcess): Promise<string> {
  const login = await postTo(server, '/api/auth/login', { email: 'admin@paydesk.test', password: DEMO_PASSWORD });
  const token = login.json.data?.token;
  if (typeof token !== 'string') throw new Error(`sign-in answered ${login.status}: ${JSON.stringify(login.json)}`);
  return token;
}

/** The balance calls of balance-fixtures.ts over HTTP to a process, as its in-process tests make them. */
const overHttp = (server: ServerProcess) =>
  ({
    inject: async ({ url, headers }: { url: string; headers: Record<string, string> }) => {
      const response = await fetch(`${server.baseUrl}${url}`, { headers });
      const body = await response.text();
      return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
    },
  }) as unknown as FastifyInstance;

/** One process's random moves; every answer's status, for the test to read. */
async function moves(server: ServerProcess, seed: number, payments: string[], disputes: string[], statuses: number[]) {
  const random = createPrng(seed);
  const staff = { authorization: `Bearer ${await staffToken(server)}` };
  const dollars = (max: number) => random.int(100, max * 100) / 100;
  const take = async (call: Promise<{ status: number; json: { data?: Record<string, unknown> } }>) => {
    const answer = await call;
    statuses.push(answer.status);
    return answer;
  };
  for (let i = 0; i < MOVES; i += 1) {
    const move = random.weighted([
      ['pay', 40],
      ['pay-disputed', 4],
      ['pay-refund-fails', 4],
      ['refund', 20],
      ['open-dispute', 8],
      ['decide', 10],
      ['withdraw', 10],
    ] as const);
    const payment = payments.length > 0 ? random.pick(payments) : undefined;
    if (move.startsWith('pay') || !payment) {
      const card = move === 'pay-disputed' ? DISPUTE_CARD : move === 'pay-refund-fails' ? REFUND_FAILS_CARD : '4242424242424242';
      payments.push(await payThrough(server, card, dollars(300)));
      statuses.push(200);
    } else if (move === 'refund') {
      await take(
        postTo(server, '/api/refunds', { transaction_id: payment, amount: dollars(60), reason: 'other' }, { ...secretKey, ...key() }),
      );
    } else if (move === 'open-dispute') {
      const opened = await take(
        postTo(
          server,
          `/api/backend/transactions/${payment}/dispute`,
          { reason: 'general', inquiry: random.chance(0.2) },
          { ...staff, ...key() },
        ),
      );
      if (typeof opened.json.data?.id === 'string') disputes.push(opened.json.data.id);
    } else if (move === 'decide' && disputes.length > 0) {
      const text = random.chance(0.5) ? 'winning_evidence' : 'losing_evidence';
      await take(
        postTo(
          server,
          `/api/disputes/${random.pick(disputes)}`,
          { evidence: { uncategorized_text: text }, submit: true },
          { ...secretKey, ...key() },
        ),
      );
    } else {
      // An account number ending in 0000 fails in the sandbox, and the money comes back.
      const account = random.chance(0.2) ? 'GB00 0000 0000' : `GB00 1234 ${random.int(1000, 9999)}`;
      const body = { amount: dollars(80), account_number: account, bank_name: 'Test Bank', account_name: 'Paydesk Demo' };
      await take(postTo(server, '/api/backend/withdraw', body, { ...staff, ...key() }));
    }
  }
}

/** Polls until `done` holds, for at most `ms`. */
async function until(done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 250) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}

/** The balance of merchant_available before an instant, straight from the entries. */
const ledgerBefore = async (at: string) =>
  Number(
    (
      await sql<{ cents: string }>(
        `select coalesce(sum(amount_cents), 0) as cents from ledger_entries where account = 'merchant_available' and created_at < $1::timestamptz`,
        [at],
      )
    )[0]!.cents,
  );

it('reconciles to the cent after thousands of random money moves from two processes at once', async () => {
  console.info(`balance from two processes: seed ${SEED}, ${MOVES} moves each`);
  const [{ start }] = (await sql<{ start: string }>(`select wire_time(clock_timestamp()) as start`)) as [{ start: string }];
  const payments: string[] = [];
  const disputes: string[] = [];
  const statuses: number[] = [];
  await Promise.all(servers.map((server, i) => moves(server, SEED + i, payments, disputes, statuses)));
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const byStatus = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`);
  console.info(
    `balance from two processes: ${payments.length} payments, ${disputes.length} disputes opened by hand; answers ${byStatus.join(', ')}`,
  );
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  // Some of each kind went through, and some were refused as they should be (over-refunds, a balance too low, a dispute decided).
  expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(MOVES / 5);

  // Both processes' jobs settle every refund and withdrawal, and decide the evidence submitted.
  await until(async () => {
    const [left] = await sql<{ n: string }>(
      `select (select count(*) from refunds where status = 'pending') + (select count(*) from withdrawals where status = 'pending')
            + (select count(*) from disputes where status in ('under_review', 'warning_under_review')) as n`,
    );
    return Number(left!.n) === 0;
  });
  const [{ end }] = (await sql<{ end: string }>(`select wire_time(clock_timestamp() + interval '1 millisecond') as end`)) as [
    { end: string },
  ];

  expect(await sql('select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0')).toEqual([]);
  const api = balanceApi(overHttp(servers[0]!), DEMO_SECRET_KEY, '/api');

  // The movements are the balance, each posting once.
  const movements = await api.all({ from: start, to: end });
  expect(new Set(movements.map((m) => m.id)).size).toBe(movements.length);
  const [{ postings }] = (await sql<{ postings: string }>(
    `select count(distinct posting_id) as postings from ledger_entries where account = 'merchant_available'
        and created_at >= $1::timestamptz and created_at < $2::timestamptz`,
    [start, end],
  )) as [{ postings: string }];
  expect(movements.length).toBe(Number(postings));
  const moved = movements.reduce((sum, m) => sum + centsOf(m.net), 0);
  expect(moved).toBe((await ledgerBefore(end)) - (await ledgerBefore(start)));

  // Random ranges, and each split in two: opened and closed at the ledger, the halves adding up.
  const random = createPrng(SEED);
  const [from, to] = [Date.parse(start), Date.parse(end)];
  for (let i = 0; i < RANGES; i += 1) {
    const [a, m, b] = [random.int(from, to), random.int(from, to), random.int(from, to)]
      .sort((x, y) => x - y)
      .map((ms) => new Date(ms).toISOString()) as [string, string, string];
    const [whole, first, second] = await Promise.all([api.summaryOf(a, b), api.summaryOf(a, m), api.summaryOf(m, b)]);
    expect([centsOf(whole.opening_balance), centsOf(whole.closing_balance)]).toEqual([await ledgerBefore(a), await ledgerBefore(b)]);
    expect(centsOf(whole.opening_balance) + centsOf(whole.movements.net)).toBe(centsOf(whole.closing_balance));
    expect(centsOf(first.movements.net) + centsOf(second.movements.net)).toBe(centsOf(whole.movements.net));
    expect(first.movements.count + second.movements.count).toBe(whole.movements.count);
    expect(whole.types.reduce((sum, type) => sum + centsOf(type.net), 0)).toBe(centsOf(whole.movements.net));
  }
}, 240_000);
