import { paymentWriter, type Initialization, type NewPayment } from '../src/payments/payments-repository';
import { useRecordingTestDb } from './helper';

/**
 * The pay form's payments that arrive together are stored in one statement, and each still gets
 * its own answer: stored, turned down by its initialisation, a duplicate, or refused alone. Two
 * batches go at once, so each test's first two payments go alone and the rest together.
 */
const testDb = useRecordingTestDb();

let next = 0;
/** A new initialisation (PROCEED unless told), written straight to the table. */
async function initialised(change: Partial<Initialization> = {}): Promise<Initialization> {
  next += 1;
  const init: Initialization = {
    transaction_id: `PDWRITER${next}`,
    order_id: `ORD-W${next}`,
    checkout_reference: null,
    card_fingerprint: `fp-writer-${next}`,
    card_brand: 'Visa',
    last_four: '4242',
    recommendation: 'PROCEED',
    ...change,
  };
  await testDb.db.query(
    `insert into card_initializations (transaction_id, order_id, checkout_reference, card_fingerprint, card_brand, last_four, recommendation)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      init.transaction_id,
      init.order_id,
      init.checkout_reference,
      init.card_fingerprint,
      init.card_brand,
      init.last_four,
      init.recommendation,
    ],
  );
  return init;
}

/** The completed payment of an initialisation, $12.34 with a 34-cent fee. */
const paymentOf = (init: Initialization, change: Partial<NewPayment> = {}): NewPayment => ({
  transaction_id: init.transaction_id,
  order_id: init.order_id,
  checkout_reference: null,
  first_name: 'Pat',
  last_name: 'Payer',
  email: 'pat@example.com',
  phone: '+15550100',
  amount_cents: 1234,
  fee_cents: 34,
  net_cents: 1200,
  status: 'completed',
  card_brand: 'Visa',
  last_four: '4242',
  card_fingerprint: init.card_fingerprint,
  provider_key_id: null,
  processor: 'sandbox',
  response_message: 'Payment successful',
  challenge: null,
  challenge_outcome: null,
  resolve_at: null,
  resolve_to: null,
  ...change,
});

const storedIds = async (ids: string[]) =>
  (
    await testDb.db.query<{ transaction_id: string }>(
      'select transaction_id from transactions where transaction_id = any($1::text[]) order by transaction_id',
      [ids],
    )
  ).map((row) => row.transaction_id);
const postedIds = async (ids: string[]) =>
  (
    await testDb.db.query<{ transaction_id: string }>(
      `select transaction_id from ledger_postings where transaction_id = any($1::text[]) and kind = 'payment' order by transaction_id`,
      [ids],
    )
  ).map((row) => row.transaction_id);

it('stores the payments that arrive while one is at the database in one statement, each credited once', async () => {
  const write = paymentWriter(testDb.recording);
  const inits = await Promise.all(Array.from({ length: 8 }, () => initialised()));
  const answers = await Promise.all(inits.map((init) => write(paymentOf(init), { answer: init.transaction_id })));
  expect(answers).toEqual(inits.map(() => 'completed'));
  // The first two go at once (two batches in flight); the other six wait for them and go together.
  expect(testDb.statements).toHaveLength(3);
  const ids = inits.map((init) => init.transaction_id).sort();
  expect(await storedIds(ids)).toEqual(ids);
  expect(await postedIds(ids)).toEqual(ids);
  const [row] = await testDb.db.query<{ result: unknown }>('select result from transactions where transaction_id = $1', [
    inits[3]!.transaction_id,
  ]);
  expect(row!.result).toEqual({ answer: inits[3]!.transaction_id });
});

it('answers undefined, in the same batch, for each payment its initialisation turns down', async () => {
  const write = paymentWriter(testDb.recording);
  const [first, second, good, otherOrder, blocked, pooled] = await Promise.all([
    initialised(),
    initialised(),
    initialised(),
    initialised(),
    initialised({ recommendation: 'DO_NOT_PROCEED' }),
    initialised(),
  ]);
  await testDb.db.query(
    `insert into pool_cards (fingerprint, sealed, first_six, last_four, number_length, card_brand, expiry_month, expiry_year)
     values ($1, 'sealed', '424242', '4242', 16, 'Visa', 12, 2040)`,
    [pooled!.card_fingerprint],
  );
  const unknown = { ...first!, transaction_id: 'PDWRITERUNKNOWN' };
  const answers = await Promise.all([
    write(paymentOf(first!), {}),
    write(paymentOf(second!), {}),
    write(paymentOf(good!), {}),
    write(paymentOf(otherOrder!, { order_id: 'ORD-SOMEONE-ELSE' }), {}),
    write(paymentOf(blocked!), {}),
    write(paymentOf(pooled!), {}),
    write(paymentOf(unknown), {}),
    write(paymentOf(good!, { transaction_id: first!.transaction_id }), {}), // another card on first's initialisation
  ]);
  expect(answers).toEqual(['completed', 'completed', 'completed', undefined, undefined, undefined, undefined, undefined]);
  expect(testDb.statements).toHaveLength(3);
  const ids = [first, second, good, otherOrder, blocked, pooled].map((init) => init!.transaction_id).concat(unknown.transaction_id);
  expect(await storedIds(ids)).toEqual([first, second, good].map((init) => init!.transaction_id).sort());
});

it('stores a transaction id sent twice in one batch once, with the first answer', async () => {
  const write = paymentWriter(testDb.recording);
  const [first, second, twice] = await Promise.all([initialised(), initialised(), initialised()]);
  const answers = await Promise.all([
    write(paymentOf(first!), {}),
    write(paymentOf(second!), {}),
    write(paymentOf(twice!), { copy: 1 }),
    write(paymentOf(twice!, { amount_cents: 99_999, net_cents: 99_965 }), { copy: 2 }),
  ]);
  expect(answers).toEqual(['completed', 'completed', 'completed', undefined]);
  expect(testDb.statements).toHaveLength(3);
  const [row] = await testDb.db.query<{ amount_cents: string; result: unknown }>(
    'select amount_cents, result from transactions where transaction_id = $1',
    [twice!.transaction_id],
  );
  expect([Number(row!.amount_cents), row!.result]).toEqual([1234, { copy: 1 }]);
  expect(await postedIds([twice!.transaction_id])).toEqual([twice!.transaction_id]);
});

it('lets a payment the database refuses fail alone: the rest of its batch goes again one by one', async () => {
  const write = paymentWriter(testDb.recording);
  const [first, second, before, refused, after] = await Promise.all([
    initialised(),
    initialised(),
    initialised(),
    initialised(),
    initialised(),
  ]);
  const answers = await Promise.allSettled([
    write(paymentOf(first!), {}),
    write(paymentOf(second!), {}),
    write(paymentOf(before!), {}),
    write(paymentOf(refused!, { last_four: 'abcd' }), {}), // the table's check refuses it
    write(paymentOf(after!), {}),
  ]);
  expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : 'refused'))).toEqual([
    'completed',
    'completed',
    'completed',
    'refused',
    'completed',
  ]);
  expect(String((answers[3] as PromiseRejectedResult).reason)).toMatch(/check constraint/);
  // The first two alone, the batch of three, then each of the three again.
  expect(testDb.statements).toHaveLength(6);
  const ids = [first, second, before, refused, after].map((init) => init!.transaction_id);
  const paid = [first, second, before, after].map((init) => init!.transaction_id).sort();
  expect(await storedIds(ids)).toEqual(paid);
  expect(await postedIds(ids)).toEqual(paid);
});

it("stores a checkout's second and third paid payments as voided, at once or later, and credits only one", async () => {
  const reference = `chk_${'W'.repeat(16)}${next}`;
  await testDb.db.query(
    `insert into checkouts (reference, first_name, last_name, email, phone, amount_cents) values ($1, 'Pat', 'Payer', 'pat@example.com', '+15550100', 1234)`,
    [reference],
  );
  const [a, b, c] = await Promise.all([1, 2, 3].map(() => initialised({ checkout_reference: reference })));
  const write = paymentWriter(testDb.db);
  const inCheckout = { checkout_reference: reference };
  // The first two go at once; the third waits and goes in a later statement.
  const answers = await Promise.all([a!, b!, c!].map((init) => write(paymentOf(init, inCheckout), {})));
  expect([...answers].sort()).toEqual(['completed', 'voided', 'voided']);
  const winner = [a!, b!, c!][answers.indexOf('completed')]!.transaction_id;
  const [checkout] = await testDb.db.query('select status, transaction_id from checkouts where reference = $1', [reference]);
  expect(checkout).toEqual({ status: 'completed', transaction_id: winner });
  const ids = [a!, b!, c!].map((init) => init.transaction_id);
  expect(await postedIds(ids)).toEqual([winner]);
  const rows = await testDb.db.query<{ status: string; fee_cents: number; net_cents: number; result: unknown }>(
    'select status, fee_cents::int as fee_cents, net_cents::int as net_cents, result from transactions where transaction_id = any($1::text[]) and status = $2',
    [ids, 'voided'],
  );
  expect(rows).toEqual([1, 2].map(() => ({ status: 'voided', fee_cents: 0, net_cents: 0, result: null })));
});
