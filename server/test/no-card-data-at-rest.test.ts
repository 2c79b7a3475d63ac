import type { CardTransactionPayload } from '@paydesk/shared/schemas/payment';
import { resolveDuePayments } from '../src/payments/settlement';
import { settleDueWithdrawals } from '../src/wallet/withdrawal-settlement';
import { cardNumber, cardsApi, futureYear, workbook } from './cards-fixtures';
import { tableColumns } from './db-snapshot';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { aWithdrawal, walletApi } from './wallet-fixtures';

/**
 * SEC-01: "No full card number or CVV is ever stored in a transaction row, written to a log, put
 * in an address or returned in an error"; the pool keeps them sealed (SEC-02).
 * After a realistic run (test cards of every outcome, 3-D Secure both ways, a checkout, a
 * spreadsheet upload and payments with its cards, back-office searches by card number,
 * withdrawals), no table and no log line holds a card number or a CVV that was used.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WITHDRAWAL_SETTLE_SECONDS: '0' });
}, 60_000);
afterAll(() => t?.close());

/** Every card number and CVV the run sends; CVVs are distinct and unusual so that they can be told apart. */
const used = { cards: new Set<string>(), cvvs: new Set<string>() };
let nextCvv = 0;
const cvvFor = (card: string) => {
  nextCvv += 1;
  const digits = card.startsWith('3') ? 4 : 3;
  return String(700 + nextCvv * 7).padStart(digits, '9');
};

async function runRealisticFlow() {
  const payer = payerClient(t.app, t.config);
  const pay = async (card: string, extra: Partial<CardTransactionPayload> = {}) => {
    const cvv = extra.cvv ?? cvvFor(card);
    used.cards.add(card);
    used.cvvs.add(cvv);
    return payer.pay(card, { cvv, ...extra });
  };
  const acs = (transactionId: string, outcome: 'complete' | 'fail') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/acs/result',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_id=${transactionId}&outcome=${outcome}&return_origin=http://localhost`,
    });

  for (const card of [
    '4242424242424242',
    '5555555555554444',
    '378282246310005',
    '4000000000000002',
    '4000000000009995',
    '4000000000009987',
    '4000000000000069',
    '4000000000000127',
    '4000000000000119',
    '6011111111111117',
  ]) {
    expect((await pay(card)).response.statusCode).toBe(200);
  }
  used.cards.add('4100000000000019');
  expect((await payer.pay('4100000000000019', { cvv: cvvFor('4') })).response.statusCode).toBe(402);
  expect((await acs((await pay('4000000000003220')).ids.transactionId, 'complete')).statusCode).toBe(200);
  expect((await acs((await pay('4000000000003220')).ids.transactionId, 'fail')).statusCode).toBe(200);
  expect((await acs((await pay('4000008400001629')).ids.transactionId, 'complete')).statusCode).toBe(200);
  const demo = await pay('4000002760003184');
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/demo-3ds/complete',
        headers: payer.headers,
        payload: { transaction_id: demo.ids.transactionId, otp: '123456' },
      })
    ).statusCode,
  ).toBe(200);
  await pay('4000000000007205');
  await pay('4000000000007304');
  await t.db.query("update transactions set resolve_at = now() - interval '1 second' where status = 'pending' and resolve_at is not null");
  await resolveDuePayments(t.db);

  // A merchant checkout paid by card.
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(t.config.secretKey),
    payload: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+15550101',
      amount: 42,
      metadata: { order: 'A-1' },
    },
  });
  const reference = (checkout.json() as { data: { reference: string } }).data.reference;
  expect((await pay('4242424242424242', { checkout: true, checkout_reference: reference })).result?.status).toBe('completed');

  // The card pool: a real spreadsheet, then payments with its cards (right CVV, wrong CVV).
  const admin = await login(t.app, 'admin@paydesk.test');
  const cards = cardsApi(t.app, admin);
  const pooled = [cardNumber('4'), cardNumber('51'), cardNumber('37', 15), cardNumber('4', 19)];
  const rows = pooled.map((card) => {
    const cvv = cvvFor(card);
    used.cards.add(card);
    used.cvvs.add(cvv);
    return [card, cvv, '12', String(futureYear())];
  });
  const upload = await cards.upload(workbook(rows));
  expect(upload).toMatchObject({ statusCode: 201, body: { data: { added: pooled.length } } });
  for (const [card, cvv] of rows as [string, string][]) {
    expect((await pay(card, { cvv, card_year: String(futureYear()) })).result?.status).toBe('completed');
    expect((await pay(card, { cvv: card.startsWith('3') ? '0000' : '000', card_year: String(futureYear()) })).result?.status).toBe(
      'failed',
    );
  }
  // Back office: search the pool by a whole card number as the back office does (a request body),
  // then the pool and the transactions through an address, which is refused.
  expect((await cards.search({ search: pooled[0]! })).body.total).toBe(1);
  expect((await cards.list({ search: pooled[0]! })).statusCode).toBe(400);
  expect((await t.app.inject({ url: `/api/backend/all-transactions?search=${pooled[1]}`, headers: bearer(admin) })).statusCode).toBe(400);
  expect(
    (
      await t.app.inject({
        url: `/api/backend/cards/${pooled[2]}/status`,
        method: 'POST',
        headers: bearer(admin),
        payload: { status: 'blocked' },
      })
    ).statusCode,
  ).toBe(404);

  // Withdrawals, one of them refused by the sandbox bank, then settled.
  const wallet = walletApi(t.app, admin);
  expect((await wallet.withdraw(aWithdrawal(10))).statusCode).toBe(201);
  expect((await wallet.withdraw(aWithdrawal(5, { account_number: '99990000' }))).statusCode).toBe(201);
  await settleDueWithdrawals(t.db);
}

/** The card numbers in the clear, and as the hex of their ASCII digits (how a bytea column prints them). */
const needles = (cards: Iterable<string>) => [...cards].flatMap((card) => [card, Buffer.from(card).toString('hex')]);

/** A CVV that was used, next to a name that says what it is: "cvv":"123", cvv=123, CVV 123. */
const cvvInContext = /(?:cvv2?|cvc2?|cid|security[_ ]?code)[^0-9a-z]{0,12}(\d{3,4})(?!\d)/gi;

function leaks(where: string, text: string): string[] {
  const found = needles(used.cards)
    .filter((needle) => text.includes(needle))
    .map((needle) => `${where}: card ${needle}`);
  for (const match of text.matchAll(cvvInContext)) if (used.cvvs.has(match[1]!)) found.push(`${where}: ${match[0]}`);
  return found;
}

test('after a realistic run, no table and no log line holds a card number or a CVV that was used', async () => {
  await runRealisticFlow();
  expect(used.cards.size).toBeGreaterThanOrEqual(20);

  const found: string[] = [];
  let rowsScanned = 0;
  const tables = await tableColumns(t.db);
  for (const [table, columns] of tables) {
    // Every column as text, bytea as hex: what a dump of the database would show.
    const rows = await t.db.query<{ row: string }>(
      `select concat_ws(' | ', ${columns.map((c) => `"${c}"::text`).join(', ')}) as row from "${table}"`,
    );
    rowsScanned += rows.length;
    for (const { row } of rows) found.push(...leaks(table, row));
  }
  for (const line of t.logs.lines) found.push(...leaks('log', JSON.stringify(line)));

  console.info(
    `card data scan: ${used.cards.size} card numbers and ${used.cvvs.size} CVVs looked for in ${tables.size} tables (${rowsScanned} rows) and ${t.logs.lines.length} log lines`,
  );
  expect(found).toEqual([]);
  expect(tables.size).toBeGreaterThanOrEqual(15);
  expect(t.logs.lines.length).toBeGreaterThan(100);
}, 120_000);

test('the scan finds a card number or a CVV where one is', () => {
  used.cards.add('4242424242424242');
  used.cvvs.add('7391');
  expect(leaks('t', '{"req":{"url":"/x?search=4242424242424242"}}')).toEqual(['t: card 4242424242424242']);
  expect(leaks('t', '\\x34323432343234323432343234323432')).toEqual(['t: card 34323432343234323432343234323432']);
  expect(leaks('t', '{"cvv":"7391"}')).toEqual(['t: cvv":"7391']);
  expect(leaks('t', '{"amount":7391}')).toEqual([]);
});
