import type { FastifyInstance } from 'fastify';
import { centsOf } from '@paydesk/shared/money';
import { balanceTransactionTypes, type BalanceTransactionType } from '@paydesk/shared/schemas/balance';
import { postingKindTypes, type PostingKind } from '../src/balance/balance-kinds';
import { balanceSummary } from '../src/balance/balance-repository';
import { rollUpBalance, rollUpBalanceFully } from '../src/balance/balance-rollups';
import { cardFingerprint } from '../src/cards/card-fingerprint';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';
import { transactionWithRetry } from '../src/db/retry-transaction';
import { writeLedgerHistory } from '../src/demo/ledger-history';
import { createPrng, type Prng } from '../src/demo/prng';
import { runDueDisputes } from '../src/disputes/dispute-jobs';
import { closeDispute, openDispute, updateDispute } from '../src/disputes/disputes-service';
import { DomainError } from '../src/errors/domain-error';
import { REFUND_FAILS_CARD } from '../src/payments/sandbox-processor';
import { SANDBOX_PROCESSOR } from '../src/payments/transaction-result';
import { settleDueRefunds } from '../src/refunds/refund-settlement';
import { createRefund } from '../src/refunds/refunds-service';
import { accountBalances, checkpointLedger, creditPaidCtes } from '../src/wallet/ledger';
import { settleDueWithdrawals } from '../src/wallet/withdrawal-settlement';
import { requestWithdrawal } from '../src/wallet/withdrawals-service';
import { balanceApi, ledgerBalanceBefore } from './balance-fixtures';
import { buildTestApp, login, testDbKind, type TestApp } from './helper';

/**
 * Balance history reconciles whatever happens (BAL-08): a year of every kind of money move, then
 * random payments, refunds that succeed and fail, disputes won and lost, and withdrawals paid out
 * and refused, from two connections at once (two pools on PostgreSQL, as two server processes
 * have) while the checkpoint and the rollups move. Every summary of a random range opens and
 * closes at the ledger's balances of its ends and holds exactly the movements between; adjacent
 * ranges add up; the movements' nets are the balance; none is listed twice.
 *
 * BALANCE_PROPERTY_SIZE scales it for a run by hand (10 writes ten times the history and the moves);
 * BALANCE_PROPERTY_SEED replays one run (each run prints its seed).
 */
const SIZE = Number(process.env.BALANCE_PROPERTY_SIZE ?? 1);
const SEED = Number(process.env.BALANCE_PROPERTY_SEED ?? Date.now() % 1_000_000);
const HISTORY_MOVEMENTS = Math.round(3_000 * SIZE);
const LIVE_MOVES = 2 * Math.round(150 * SIZE);
const RANGES = Math.round(30 * Math.sqrt(SIZE));
/** Every so many moves of a connection, a summary of a random range is taken and checked while the other moves on. */
const OBSERVE_EVERY = 8;
const DAY_MS = 86_400_000;

let t: TestApp;
let second: Db;
let historyFrom: number;
const random: Prng = createPrng(SEED);
const audit = { actor: null, clientIp: null, userAgent: null };
const disputeSettings = { responseSeconds: 3_600, decisionSeconds: 3_600, feeCents: 1_500 };

beforeAll(async () => {
  console.info(`balance reconciliation: seed ${SEED}, size ${SIZE}`);
  t = await buildTestApp({ REFUND_SETTLE_SECONDS: '0', WITHDRAWAL_SETTLE_SECONDS: '0' }, { poolMax: 4 });
  second = t.db;
  if (testDbKind === 'postgres') {
    const [{ schema }] = (await t.db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    second = await openPostgresDb(process.env.TEST_DATABASE_URL!, { searchPath: schema, max: 4 });
  }
  const [now] = await t.db.query<{ ms: number }>(`select (extract(epoch from now()) * 1000)::bigint as ms`);
  historyFrom = Number(now!.ms) - 365 * DAY_MS;
  await writeLedgerHistory(t.db, {
    movements: HISTORY_MOVEMENTS,
    from: new Date(historyFrom),
    to: new Date(Number(now!.ms) - 60_000),
    seed: SEED,
  });
  // Most of the history rolled up, the rest left to the tail.
  await checkpointLedger(t.db);
  await rollUpBalance(t.db, Math.round(HISTORY_MOVEMENTS * 0.7));
}, 120_000);
afterAll(async () => {
  if (second && second !== t.db) await second.close();
  await t?.close();
});

/** The live moves' payments and disputes, for the next moves to pick from; the services refuse what no longer fits. */
const livePayments: string[] = [];
const liveDisputes: string[] = [];
const any = (ids: readonly string[]): string | undefined => (ids.length === 0 ? undefined : ids[random.int(0, ids.length - 1)]);

/** A successful payment written as the payment's statement writes it: the row and its credit in one statement. */
async function pay(db: Db, failingRefunds: boolean): Promise<void> {
  const id = `TXNLIVE${String(random.int(1, 1e9)).padStart(10, '0')}${random.int(1000, 9999)}`;
  const cents = random.int(100, 40_000);
  await db.query(
    `with paid as (
       insert into transactions (transaction_id, order_id, first_name, last_name, email, phone, amount_cents, fee_cents, net_cents, status,
         processor, card_fingerprint)
       values ($1, 'ORD-LIVE', 'Live', 'Payer', 'live@example.com', '+15550100', $2::bigint, $3::bigint, $2::bigint - $3::bigint, 'completed', $4, $5)
       returning transaction_id, amount_cents, fee_cents),
     ${creditPaidCtes}
     select count(*) filter (where kind = 'payment') from posted`,
    [
      id,
      cents,
      Math.round(cents * 0.029) + 30,
      SANDBOX_PROCESSOR,
      failingRefunds ? cardFingerprint(t.config.fingerprintKey, REFUND_FAILS_CARD) : null,
    ],
  );
  livePayments.push(id);
}

/** One random money move through the product's own services; a refusal the product gives (409) is a move too. */
async function move(db: Db): Promise<string> {
  const kind = random.weighted<string>([
    ['pay', 40],
    ['refund', 14],
    ['dispute', 6],
    ['win', 3],
    ['lose', 3],
    ['withdraw', 8],
    ['settle', 6],
    ['checkpoint', 2],
  ]);
  const inTransaction = <T>(fn: (tx: Db) => Promise<T>) => transactionWithRetry(db, fn, { retries: 8 });
  try {
    switch (kind) {
      case 'pay':
        await pay(db, random.chance(0.3));
        break;
      case 'refund': {
        const payment = any(livePayments);
        if (!payment) return 'none';
        const amount = random.chance(0.5) ? undefined : random.int(1, 100) / 100;
        await inTransaction((tx) =>
          createRefund(
            tx,
            { userId: null, settleSeconds: 0, audit },
            { transaction_id: payment, reason: 'other', ...(amount ? { amount } : {}) },
          ),
        );
        break;
      }
      case 'dispute': {
        const payment = any(livePayments);
        if (!payment) return 'none';
        const dispute = await inTransaction((tx) =>
          openDispute(tx, disputeSettings, { userId: null, audit: null }, payment, { reason: 'general' }),
        );
        liveDisputes.push(dispute.id);
        break;
      }
      case 'win': {
        const dispute = any(liveDisputes);
        if (!dispute) return 'none';
        await inTransaction((tx) =>
          updateDispute(tx, { ...disputeSettings, decisionSeconds: 0 }, { userId: null, audit: null }, dispute, {
            evidence: { uncategorized_text: 'winning_evidence' },
            submit: true,
          }),
        );
        break;
      }
      case 'lose': {
        const dispute = any(liveDisputes);
        if (!dispute) return 'none';
        await inTransaction((tx) => closeDispute(tx, { userId: null, audit: null }, dispute));
        break;
      }
      case 'withdraw':
        await inTransaction((tx) =>
          requestWithdrawal(
            tx,
            { userId: 1, settleSeconds: 0, audit },
            {
              amount: random.int(1, 20_000) / 100,
              account_number: random.chance(0.3) ? '99990000' : '12345678',
              bank_name: 'Property Bank',
              account_name: 'Paydesk Merchant Ltd',
              reason: '',
            },
          ),
        );
        break;
      case 'settle':
        await settleDueRefunds(db, t.config.fingerprintKey);
        await settleDueWithdrawals(db);
        await runDueDisputes(db, { ...disputeSettings, openSeconds: 3_600, fingerprintKey: t.config.fingerprintKey });
        break;
      case 'checkpoint':
        await checkpointLedger(db);
        await rollUpBalance(db, random.int(1, 200));
        break;
    }
    return kind;
  } catch (error) {
    // The product's own refusals (not enough balance, a payment disputed meanwhile) are expected.
    if (error instanceof DomainError && error.kind === 'conflict') return `${kind} refused`;
    throw error;
  }
}

/** A summary and the ledger's balances of its ends, in one snapshot while moves go on. */
async function summaryInOneSnapshot(db: Db, from: string, to: string) {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const summary = await balanceSummary(tx, from, to);
    return { summary, opening: await ledgerBalanceBefore(tx, from), closing: await ledgerBalanceBefore(tx, to) };
  });
}

/** The movements in [from, to) by type, straight from the entries and their postings' kinds. */
async function movementsBetween(db: Db, from: string, to: string): Promise<Record<BalanceTransactionType, { count: number; net: number }>> {
  const rows = await db.query<{ kind: PostingKind; count: number; net: number }>(
    `select p.kind, count(*)::int as count, sum(e.amount_cents)::bigint as net from ledger_entries e join ledger_postings p on p.id = e.posting_id
      where e.account = 'merchant_available' and e.created_at >= $1::timestamptz and e.created_at < $2::timestamptz group by p.kind`,
    [from, to],
  );
  const byType = Object.fromEntries(balanceTransactionTypes.map((type) => [type, { count: 0, net: 0 }])) as Record<
    BalanceTransactionType,
    { count: number; net: number }
  >;
  for (const row of rows) {
    const type = postingKindTypes[row.kind];
    if (type === null) throw new Error(`a ${row.kind} posting moved merchant_available`);
    byType[type].count += Number(row.count);
    byType[type].net += Number(row.net);
  }
  return byType;
}

/** Instants worth testing: random ones over the history and the live moves, the starts of days and hours, and the movements' own times. */
async function someInstants(count: number): Promise<string[]> {
  const [bounds] = await t.db.query<{ newest: string }>(`select max(created_at)::text as newest from ledger_entries`);
  const newest = new Date(bounds!.newest).getTime();
  const times = await t.db.query<{ at: string }>(`select created_at::text as at from ledger_postings order by random() limit $1`, [count]);
  const instants: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = historyFrom - DAY_MS + random.next() * (newest - historyFrom + 2 * DAY_MS);
    const pick = random.int(0, 3);
    if (pick === 0) instants.push(new Date(at).toISOString());
    else if (pick === 1) instants.push(new Date(Math.floor(at / DAY_MS) * DAY_MS).toISOString());
    else if (pick === 2) instants.push(new Date(Math.floor(at / 3_600_000) * 3_600_000).toISOString());
    // A movement's own time, to the microsecond as stored: the range either side of it must count it once.
    else instants.push(times[i % Math.max(1, times.length)]?.at ?? new Date(at).toISOString());
  }
  return instants;
}

const ordered = (a: string, b: string): [string, string] => (new Date(a).getTime() <= new Date(b).getTime() ? [a, b] : [b, a]);

async function expectRangesReconcile(count: number): Promise<void> {
  const instants = await someInstants(count * 2);
  for (let i = 0; i + 1 < instants.length; i += 2) {
    const [from, to] = ordered(instants[i]!, instants[i + 1]!);
    const { summary, opening, closing } = await summaryInOneSnapshot(t.db, from, to);
    expect([summary.openingCents, summary.closingCents]).toEqual([opening, closing]);
    expect(summary.openingCents + summary.movements.netCents).toBe(summary.closingCents);
    const direct = await movementsBetween(t.db, from, to);
    for (const type of balanceTransactionTypes) {
      expect([type, summary.types[type].count, summary.types[type].netCents]).toEqual([type, direct[type].count, direct[type].net]);
    }
    // A range cut in two at a random instant: the halves meet, and add up to the whole.
    const middle = new Date(new Date(from).getTime() + random.next() * (new Date(to).getTime() - new Date(from).getTime())).toISOString();
    const [left, right] = [await balanceSummary(t.db, from, middle), await balanceSummary(t.db, middle, to)];
    expect(left.closingCents).toBe(right.openingCents);
    expect(left.movements.count + right.movements.count).toBe(summary.movements.count);
  }
}

it('starts from a history spread over its whole year, every quarter with payments and what follows them', async () => {
  const quarters = await t.db.query<{ quarter: number; payments: number; others: number }>(
    `select floor(extract(epoch from p.created_at - to_timestamp($1::bigint / 1000.0)) / (365 * 86400 / 4))::int as quarter,
            count(*) filter (where p.kind = 'payment')::int as payments,
            count(*) filter (where p.kind in ('refund', 'dispute_funds_withdrawn', 'withdrawal_requested'))::int as others
       from ledger_postings p where p.created_at >= to_timestamp($1::bigint / 1000.0) group by 1 order by 1`,
    [historyFrom],
  );
  expect(quarters.map((q) => q.quarter)).toEqual([0, 1, 2, 3]);
  const payments = quarters.reduce((sum, q) => sum + q.payments, 0);
  for (const q of quarters) expect([q.quarter, q.payments > payments / 5, q.others > 0]).toEqual([q.quarter, true, true]);
});

it('reconciles every range while two connections move money at once, and after', async () => {
  const moves: Record<string, number> = {};
  let observed = 0;
  // A summary in one snapshot while the other connection moves money: it reconciles with itself and the ledger.
  const observe = async () => {
    const [from, to] = ordered(...((await someInstants(2)) as [string, string]));
    const { summary, opening, closing } = await summaryInOneSnapshot(t.db, from, to);
    expect([summary.openingCents, summary.closingCents]).toEqual([opening, closing]);
    expect(summary.openingCents + summary.movements.netCents).toBe(summary.closingCents);
    observed += 1;
  };
  const worker = async (db: Db, n: number) => {
    for (let i = 1; i <= n; i += 1) {
      const kind = await move(db);
      moves[kind] = (moves[kind] ?? 0) + 1;
      if (i % OBSERVE_EVERY === 0) await observe();
    }
  };
  await Promise.all([worker(t.db, LIVE_MOVES / 2), worker(second, LIVE_MOVES / 2)]);
  console.info(`balance reconciliation: moves ${JSON.stringify(moves)}, ${observed} summaries taken during them`);
  expect((moves.pay ?? 0) + (moves.refund ?? 0) + (moves.withdraw ?? 0)).toBeGreaterThan(LIVE_MOVES / 3);

  await settleDueRefunds(t.db, t.config.fingerprintKey);
  await settleDueWithdrawals(t.db);
  await expectRangesReconcile(RANGES);
  await checkpointLedger(t.db);
  await rollUpBalanceFully(t.db);
  await expectRangesReconcile(Math.ceil(RANGES / 2));

  const kinds = await t.db.query<{ kind: string }>('select distinct kind from ledger_postings order by kind');
  expect(kinds.map((k) => k.kind)).toEqual(Object.keys(postingKindTypes).sort());
}, 120_000);

it("lists every movement once, and their nets are the ledger's balance", async () => {
  const staff = balanceApi(t.app as FastifyInstance, await login(t.app, 'admin@paydesk.test'));
  const movements = await staff.all({}, 100);
  expect(new Set(movements.map((m) => m.id)).size).toBe(movements.length);
  const [entries] = await t.db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where account = 'merchant_available'`);
  expect(movements).toHaveLength(entries!.n);
  const { merchant_available } = await accountBalances(t.db, ['merchant_available']);
  expect(movements.reduce((sum, m) => sum + centsOf(m.net), 0)).toBe(merchant_available);
  const whole = await staff.summaryOf('1970-01-01T00:00:00Z', '2999-01-01T00:00:00Z');
  expect([centsOf(whole.opening_balance), centsOf(whole.closing_balance), whole.movements.count]).toEqual([
    0,
    merchant_available,
    movements.length,
  ]);
}, 60_000);
