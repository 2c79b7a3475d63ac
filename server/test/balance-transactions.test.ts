import * as XLSX from '@e965/xlsx';
import {
  balanceSummaryResponse,
  balanceTransactionListResponse,
  balanceTransactionTypes,
  type BalanceTransactionObject,
} from '@paydesk/shared/schemas/balance';
import { centsOf } from '@paydesk/shared/money';
import { postingKindTypes, type PostingKind } from '../src/balance/balance-kinds';
import { balanceSummary } from '../src/balance/balance-repository';
import { rollUpBalance } from '../src/balance/balance-rollups';
import type { Db } from '../src/db/db';
import { checkpointLedger } from '../src/wallet/ledger';
import { settleDueWithdrawals } from '../src/wallet/withdrawal-settlement';
import { balanceApi, databaseNow, ledgerBalanceBefore, summaryCents } from './balance-fixtures';
import { disputesApi, runDisputes } from './disputes-fixtures';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { merchantRefunds, paidPayment, REFUND_FAILS, settleNow } from './refunds-fixtures';
import { aWithdrawal, makeWithdrawalsDue, walletApi } from './wallet-fixtures';

/**
 * Balance history (BAL-01 to BAL-07): each kind of money move shows as a movement of its type with
 * its amount, fee, net and source; the list's filters and keyset pages; the summary of a range,
 * which reconciles with the ledger to the cent before and after the rollups; who may read them;
 * the exports.
 */
let t: TestApp;
let staff: ReturnType<typeof balanceApi>;
let merchant: ReturnType<typeof balanceApi>;
/** The database's time before the first move of the story below, and after its last. */
let start: string;
let end: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', REFUND_SETTLE_SECONDS: '0', WITHDRAWAL_SETTLE_SECONDS: '0' });
  const token = await login(t.app, 'admin@paydesk.test');
  staff = balanceApi(t.app, token);
  merchant = balanceApi(t.app, t.config.secretKey, '/api');
  start = await databaseNow(t.db);
  // Every kind of money move once: a payment refunded in part, one whose refund fails, a dispute
  // won, a dispute lost, a withdrawal paid out and one the bank refuses.
  const refunds = merchantRefunds(t.app, t.config.secretKey);
  ids.paid = await paidPayment(t, 100);
  ids.refund = (await refunds.create({ transaction_id: ids.paid, amount: 20, reason: 'other' })).json().data.id;
  ids.failing = await paidPayment(t, 40, REFUND_FAILS);
  ids.failedRefund = (await refunds.create({ transaction_id: ids.failing, amount: 10, reason: 'other' })).json().data.id;
  await settleNow(t);
  const disputes = disputesApi(t.app, token, '/api/backend');
  ids.won = await paidPayment(t, 50);
  ids.wonDispute = (await disputes.open(ids.won, { reason: 'fraudulent' })).json().data.id;
  await disputes.update(ids.wonDispute!, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
  await runDisputes(t);
  ids.lost = await paidPayment(t, 30);
  ids.lostDispute = (await disputes.open(ids.lost, { reason: 'general' })).json().data.id;
  await disputes.close(ids.lostDispute!);
  const wallet = walletApi(t.app, token);
  ids.paidOut = (await wallet.withdraw(aWithdrawal(5))).json().data.transaction_id;
  ids.refused = (await wallet.withdraw(aWithdrawal(6, { account_number: '99990000' }))).json().data.transaction_id;
  await makeWithdrawalsDue(t.db);
  await settleDueWithdrawals(t.db);
  end = await databaseNow(t.db);
  // The wire's times are cut to the millisecond: the millisecond after the last move is after it.
  end = new Date(new Date(end).getTime() + 1).toISOString();
}, 120_000);
afterAll(() => t?.close());

const feeOf = async (transactionId: string) =>
  (await t.db.query<{ fee: number }>('select fee_cents::int as fee from transactions where transaction_id = $1', [transactionId]))[0]!.fee;
const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('the movements', () => {
  it('show each money move once, of its type, with its amount, fee, net and source, newest first', async () => {
    const movements = await staff.all({ from: start, to: end });
    const shape = (m: BalanceTransactionObject) => [m.type, m.amount, m.fee, m.net, m.source_type, m.source, m.transaction_id];
    const [paidFee, failingFee, wonFee, lostFee] = await Promise.all([ids.paid, ids.failing, ids.won, ids.lost].map((id) => feeOf(id!)));
    // A payment is credited gross, and its fee taken by a movement of its own.
    const paying = (id: string, amount: number, fee: number) => [
      ['payment', dollars(amount), '0.00', dollars(amount), 'payment', id, id],
      ['payment_fee', '0.00', dollars(fee), dollars(-fee), 'payment', id, id],
    ];
    expect(movements.map(shape).reverse()).toEqual([
      ...paying(ids.paid!, 10000, paidFee!),
      ['refund', '-20.00', '0.00', '-20.00', 'refund', ids.refund, ids.paid],
      ...paying(ids.failing!, 4000, failingFee!),
      ['refund', '-10.00', '0.00', '-10.00', 'refund', ids.failedRefund, ids.failing],
      ['refund_failure', '10.00', '0.00', '10.00', 'refund', ids.failedRefund, ids.failing],
      ...paying(ids.won!, 5000, wonFee!),
      ['dispute', '-50.00', '0.00', '-50.00', 'dispute', ids.wonDispute, ids.won],
      ['dispute_fee', '0.00', '15.00', '-15.00', 'dispute', ids.wonDispute, ids.won],
      ['dispute_reversal', '50.00', '0.00', '50.00', 'dispute', ids.wonDispute, ids.won],
      ...paying(ids.lost!, 3000, lostFee!),
      ['dispute', '-30.00', '0.00', '-30.00', 'dispute', ids.lostDispute, ids.lost],
      ['dispute_fee', '0.00', '15.00', '-15.00', 'dispute', ids.lostDispute, ids.lost],
      ['withdrawal', '-5.00', '0.00', '-5.00', 'withdrawal', ids.paidOut, null],
      ['withdrawal', '-6.00', '0.00', '-6.00', 'withdrawal', ids.refused, null],
      ['withdrawal_failure', '6.00', '0.00', '6.00', 'withdrawal', ids.refused, null],
    ]);
    expect(new Set(movements.map((m) => m.id)).size).toBe(movements.length);
    expect(movements.every((m) => /^txn_\d+$/.test(m.id) && m.object === 'balance_transaction' && m.currency === 'USD')).toBe(true);
    // The merchant API answers the same movements.
    expect(await merchant.all({ from: start, to: end })).toEqual(movements);
  });

  it('are every movement of merchant_available in the ledger, and their nets its balance', async () => {
    const all = await staff.all();
    const [ledger] = await t.db.query<{ entries: number; balance: number }>(
      `select count(*)::int as entries, sum(amount_cents)::bigint as balance from ledger_entries where account = 'merchant_available'`,
    );
    expect(all).toHaveLength(ledger!.entries);
    expect(all.reduce((sum, m) => sum + centsOf(m.net), 0)).toBe(Number(ledger!.balance));
    const balance = await walletApi(t.app, await login(t.app, 'admin@paydesk.test')).balance();
    expect(all.reduce((sum, m) => sum + centsOf(m.net), 0)).toBe(centsOf(balance.data.available_balance));
  });

  it('filter by type, by source and by a withdrawal, alone and together', async () => {
    const types = async (params: Record<string, string>) => (await staff.all({ from: start, ...params })).map((m) => m.type);
    expect(await types({ type: 'dispute_fee' })).toEqual(['dispute_fee', 'dispute_fee']);
    expect(await types({ type: 'refund_failure' })).toEqual(['refund_failure']);
    expect(await types({ source: ids.failedRefund! })).toEqual(['refund_failure', 'refund']);
    expect(await types({ source: ids.wonDispute! })).toEqual(['dispute_reversal', 'dispute_fee', 'dispute']);
    expect(await types({ source: ids.paid! })).toEqual(['payment_fee', 'payment']);
    expect(await types({ type: 'payment_fee', source: ids.paid! })).toEqual(['payment_fee']);
    expect(await types({ source: ids.refused! })).toEqual(['withdrawal_failure', 'withdrawal']);
    expect(await types({ withdrawal: ids.refused! })).toEqual(['withdrawal_failure', 'withdrawal']);
    expect(await types({ withdrawal: ids.paidOut! })).toEqual(['withdrawal']);
    const [number] = await t.db.query<{ id: number }>('select id from withdrawals where reference = $1', [ids.refused]);
    expect(await types({ withdrawal: String(number!.id) })).toEqual(['withdrawal_failure', 'withdrawal']);
    expect(await types({ withdrawal: ids.refused!, type: 'withdrawal' })).toEqual(['withdrawal']);
    expect(await types({ withdrawal: ids.refused!, source: ids.paid! })).toEqual([]);
    expect(await types({ source: 'TXNxxxxxxxxxxxxxxxx' })).toEqual([]);
    expect(await types({ withdrawal: 'WDxxxxxxxxxxxxxxxx' })).toEqual([]);
    // A range takes its start and leaves its end out.
    // The first movement, and the first of a later instant (a payment's fee shares its payment's).
    const oldestFirst = (await staff.all({ from: start, to: end })).reverse();
    const first = oldestFirst[0];
    const second = oldestFirst.find((m) => m.created_at !== first!.created_at);
    const at = await t.db.query<{ at: string }>('select created_at::text as at from ledger_postings where id = $1', [
      Number(second!.id.slice(4)),
    ]);
    const secondAt = new Date(at[0]!.at).toISOString();
    expect((await staff.all({ from: start, to: secondAt })).map((m) => m.id)).toContain(first!.id);
    expect((await staff.all({ from: start, to: secondAt })).map((m) => m.id)).not.toContain(second!.id);
    expect((await staff.all({ from: secondAt, to: end })).map((m) => m.id)).toContain(second!.id);
  });

  it('page newest first by keyset: every movement once, whatever the page size', async () => {
    const whole = await staff.all({}, 100);
    for (const limit of [1, 2, 7]) expect(await staff.all({}, limit)).toEqual(whole);
    const typed = await staff.all({ type: 'payment' }, 3);
    expect(typed).toEqual(whole.filter((m) => m.type === 'payment'));
    const first = (await staff.list({ limit: 2 })).json();
    expect(balanceTransactionListResponse.parse(first).next_before).toBe(whole[1]!.id);
  });

  it('leave out the newest posting when it has no entry on the available balance, and still fill the page', async () => {
    const whole = await staff.all({}, 100);
    // A payment's posting that paid everything in fees: the ledger allows it, the movements have no row for it.
    const [failed] = await t.db.query<{ id: string }>(`select transaction_id as id from transactions where status = 'failed' limit 1`);
    await t.db.transaction(async (tx) => {
      const [posting] = await tx.query<{ id: number }>(
        `insert into ledger_postings (kind, source, transaction_id) values ('payment', $1, $2) returning id`,
        [`payment:${failed!.id}`, failed!.id],
      );
      await tx.query(
        `insert into ledger_entries (posting_id, account, amount_cents) values ($1, 'card_settlement', -100), ($1, 'fees', 100)`,
        [posting!.id],
      );
    });
    expect((await staff.list({ limit: 3 })).json().data).toEqual(whole.slice(0, 3));
    expect(await staff.all({}, 4)).toEqual(whole);
  });
});

describe('the summary of a range', () => {
  const expectReconciled = async (from: string, to: string) => {
    const summary = summaryCents(await staff.summaryOf(from, to));
    expect([summary.opening, summary.closing]).toEqual([await ledgerBalanceBefore(t.db, from), await ledgerBalanceBefore(t.db, to)]);
    expect(summary.opening + summary.net).toBe(summary.closing);
    const listed = await staff.all({ from, to });
    expect(summary.count).toBe(listed.length);
    for (const type of balanceTransactionTypes) {
      const ofType = listed.filter((m) => m.type === type);
      expect([type, summary.byType[type]!.count, summary.byType[type]!.net]).toEqual([
        type,
        ofType.length,
        ofType.reduce((sum, m) => sum + centsOf(m.net), 0),
      ]);
    }
  };

  it('opens and closes at the ledger balances of its ends, with the movements between, before and after the rollups', async () => {
    const instants = [start, end, new Date(Date.parse(start) - 86_400_000).toISOString(), '2000-01-01T00:00:00Z', '2999-01-01T00:00:00Z'];
    const movements = await staff.all({ from: start, to: end });
    instants.push(...movements.map((m) => m.created_at));
    const pairs = instants.flatMap((from) => instants.filter((to) => Date.parse(to) > Date.parse(from)).map((to) => [from, to] as const));
    for (const [from, to] of pairs.slice(0, 40)) await expectReconciled(from, to);
    await checkpointLedger(t.db);
    expect(await rollUpBalance(t.db)).toBeGreaterThan(0);
    for (const [from, to] of pairs.slice(0, 40)) await expectReconciled(from, to);
    const story = summaryCents(await staff.summaryOf(start, end));
    expect(Object.fromEntries(Object.entries(story.byType).map(([type, t]) => [type, t.count]))).toEqual({
      payment: 4,
      payment_fee: 4,
      refund: 2,
      refund_failure: 1,
      dispute: 2,
      dispute_fee: 2,
      dispute_reversal: 1,
      withdrawal: 2,
      withdrawal_failure: 1,
    });
  });

  it('reads again when the rollups move between reading their mark and summing, and counts nothing twice', async () => {
    await paidPayment(t, 12);
    await checkpointLedger(t.db);
    // Two hours on: the rollups of this hour are read as well as the tail, which a stale mark would count twice.
    const later = new Date(Date.parse(end) + 2 * 3_600_000).toISOString();
    const expected = await balanceSummary(t.db, start, later);
    let raced = 0;
    // The job's run lands between the summary's two statements.
    const racing: Db = {
      ...t.db,
      query: async (sql, params) => {
        if (sql.includes('from balance_rollups r') && raced === 0) raced = await rollUpBalance(t.db);
        return t.db.query(sql, params);
      },
    };
    expect(await balanceSummary(racing, start, later)).toEqual(expected);
    expect(raced).toBeGreaterThan(0);
    expect(expected.closingCents).toBe(await ledgerBalanceBefore(t.db, later));
  });

  it('is the same for the merchant API and names every type, zeros too', async () => {
    const body = (await merchant.summary({ from: '2000-01-01T00:00:00Z', to: '2999-01-01T00:00:00Z' })).json();
    const summary = balanceSummaryResponse.parse(body).data;
    expect(summary.types.map((t) => t.type)).toEqual([...balanceTransactionTypes]);
    expect(summary.opening_balance).toBe('0.00');
    expect(summary).toEqual(await staff.summaryOf('2000-01-01T00:00:00Z', '2999-01-01T00:00:00Z'));
    expect(summary.from).toBe('2000-01-01T00:00:00.000Z');
  });

  it.each([
    ['no range', {}, 'from'],
    ['no end', { from: '2026-01-01T00:00:00Z' }, 'to'],
    ['an end before the start', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '`to` must be later than `from`'],
    ['an empty range', { from: '2026-02-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }, '`to` must be later than `from`'],
    ['a date without a time', { from: '2026-01-01', to: '2026-02-01T00:00:00Z' }, 'from'],
    ['a time without an offset', { from: '2026-01-01T00:00:00', to: '2026-02-01T00:00:00Z' }, 'from'],
  ])('refuses %s with a clear 400', async (_name, params, message) => {
    const response = await staff.summary(params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'invalid_request' });
    expect(response.json().message).toContain(message);
  });
});

describe('refusals', () => {
  it.each([
    ['an end before the start', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }],
    ['an unknown type', { type: 'payout' }],
    ['a cursor that is no movement id', { before: 'TXN1' }],
    ['a cursor of no movement', { before: 'txn_999999999' }],
    ['a page of 101', { limit: 101 }],
  ])('the list refuses %s (400)', async (_name, params) => {
    const response = await staff.list(params);
    expect([response.statusCode, response.json().code]).toEqual([400, 'invalid_request']);
  });

  it('keeps the balance from viewers (403), and from callers without a session or with the publishable key (401)', async () => {
    const viewer = balanceApi(t.app, await login(t.app, 'viewer@paydesk.test'));
    expect((await viewer.list()).statusCode).toBe(403);
    expect((await viewer.summary({ from: start, to: end })).statusCode).toBe(403);
    expect((await viewer.export('csv')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backend/balance-transactions' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/balance-transactions', headers: bearer(t.config.publishableKey) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/balance-transactions/export.csv', headers: bearer(t.config.secretKey) })).statusCode).toBe(404);
  });
});

describe('the ledger and the map of kinds', () => {
  it('map every posting kind the ledger allows, in SQL as in TypeScript', async () => {
    const [check] = await t.db.query<{ definition: string }>(
      // This schema's own: another test file's schema may be dropped while this reads it.
      `select pg_get_constraintdef(oid) as definition from pg_constraint
        where conname = 'ledger_postings_kind_check' and connamespace = current_schema()::regnamespace`,
    );
    const kinds = [...check!.definition.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!).sort();
    expect(kinds).toEqual(Object.keys(postingKindTypes).sort());
    for (const kind of kinds) {
      const [row] = await t.db.query<{ type: string | null }>('select balance_transaction_type($1) as type', [kind]);
      expect([kind, row!.type]).toEqual([kind, postingKindTypes[kind as PostingKind]]);
    }
  });

  it('give each posting at most one entry on merchant_available: a movement is its posting', async () => {
    expect(
      await t.db.query(
        `select posting_id from ledger_entries where account = 'merchant_available' group by posting_id having count(*) > 1`,
      ),
    ).toEqual([]);
  });

  it('roll up each movement once: the rollups equal the movements up to their mark, and the checkpoint', async () => {
    await checkpointLedger(t.db);
    while ((await rollUpBalance(t.db, 3)) > 0);
    const [state] = await t.db.query<{ upto: number; checkpoint: number; balance: number }>(
      `select s.upto_entry_id as upto, c.upto_entry_id as checkpoint, c.balance_cents as balance
         from balance_rollup_state s, ledger_checkpoints c where c.account = 'merchant_available'`,
    );
    expect(state!.upto).toBe(state!.checkpoint);
    for (const period of ['day', 'hour']) {
      const rolled = await t.db.query(
        `select starts_at, type, movements::int, net_cents::bigint, fee_cents::bigint from balance_rollups where period = $1 order by 1, 2`,
        [period],
      );
      const direct = await t.db.query(
        `select date_trunc($1, created_at, 'UTC') as starts_at, type, count(*)::int as movements, sum(net_cents)::bigint as net_cents,
                sum(fee_cents)::bigint as fee_cents
           from balance_transactions where entry_id <= $2 group by 1, 2 order by 1, 2`,
        [period, state!.upto],
      );
      expect(rolled).toEqual(direct);
      const [sum] = await t.db.query<{ net: number }>('select sum(net_cents)::bigint as net from balance_rollups where period = $1', [
        period,
      ]);
      expect(Number(sum!.net)).toBe(Number(state!.balance));
    }
  });
});

describe('the exports', () => {
  it('write the CSV of the filtered movements, newest first', async () => {
    const response = await staff.export('csv', { from: start, to: end, type: 'refund' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="balance-history.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Created,Type,Amount,Fee,Net,Currency,Source,Source Type,Payment');
    const refunds = await staff.all({ from: start, to: end, type: 'refund' });
    expect(lines.slice(1)).toEqual(
      refunds.map((m) => [m.id, m.created_at, m.type, m.amount, m.fee, m.net, 'USD', m.source, m.source_type, m.transaction_id].join(',')),
    );
  });

  it('write the spreadsheet with the summary of its range and its movements as numbers', async () => {
    const response = await staff.export('xlsx', { from: start, to: end });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = XLSX.read(response.rawPayload, { type: 'buffer' });
    expect(workbook.SheetNames).toEqual(['Summary', 'Movements']);
    const movements = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Movements!, { header: 1 });
    const listed = await staff.all({ from: start, to: end });
    expect(movements.slice(1).map((row) => [row[0], row[5]])).toEqual(listed.map((m) => [m.id, Number(m.net)]));
    const summary = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Summary!, { header: 1 });
    const expected = await staff.summaryOf(start, end);
    expect(summary.find((row) => row[0] === 'Opening balance')?.[1]).toBe(Number(expected.opening_balance));
    expect(summary.find((row) => row[0] === 'Closing balance')?.[1]).toBe(Number(expected.closing_balance));
    expect(summary.find((row) => row[0] === 'Dispute fee')?.slice(1)).toEqual([2, 0, 30, -30]);
    const fees = (await Promise.all([ids.paid, ids.failing, ids.won, ids.lost].map((id) => feeOf(id!)))).reduce((a, b) => a + b, 0);
    expect(summary.find((row) => row[0] === 'Payment fee')?.slice(1)).toEqual([4, 0, fees / 100, -fees / 100]);
    // Without a range, movements only.
    const whole = XLSX.read((await staff.export('xlsx', { type: 'withdrawal' })).rawPayload, { type: 'buffer' });
    expect(whole.SheetNames).toEqual(['Movements']);
  });
});

describe('the OpenAPI document', () => {
  it('shows a valid example of the list and the summary, for the merchant API and the back office', async () => {
    type Content = { content?: Record<string, { example?: unknown }> };
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { responses: Record<string, Content> } }>;
    };
    const answer = (path: string) => doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.example;
    for (const base of ['/api', '/api/backend']) {
      expect(balanceTransactionListResponse.safeParse(answer(`${base}/balance-transactions`)).success).toBe(true);
      expect(balanceSummaryResponse.safeParse(answer(`${base}/balance-transactions/summary`)).success).toBe(true);
    }
  });
});
