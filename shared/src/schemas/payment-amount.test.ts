import fc from 'fast-check';
import { isPaymentAmount } from './cents';
import { cardTransactionPayload, paymentAmount } from './payment';
import { createCheckoutRequest } from './public-api';

const payload = {
  transaction_id: 'TXN1',
  order_id: 'ORD1',
  reference: null,
  card_number: '4242424242424242',
  card_month: '12',
  card_year: '2031',
  cvv: '123',
  amount: 12.34,
  currency: 'USD',
  email: 'pat@example.com',
  phone: '+15550100',
  first_name: 'Pat',
  last_name: 'Payer',
  cardBrand: 'Visa',
  checkout: false,
  checkout_reference: null,
};
const checkout = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 12.34 };

test.each([12.345, 0.001, 10.999, 1.005, 0.015])(
  '%p has a third decimal: the checkout, the payment payload and the amount rule all refuse it',
  (amount) => {
    expect(paymentAmount.safeParse(amount).success).toBe(false);
    expect(createCheckoutRequest.safeParse({ ...checkout, amount }).success).toBe(false);
    const refused = cardTransactionPayload.safeParse({ ...payload, amount });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'The amount may have at most two decimals' });
  },
);

test.each([12.34, 12.3, 12, 0.01, 0.1 + 0.2, 19.99, 1_000_000])('%p is whole cents: all three take it', (amount) => {
  expect(paymentAmount.safeParse(amount).success).toBe(true);
  expect(createCheckoutRequest.safeParse({ ...checkout, amount }).success).toBe(true);
  expect(cardTransactionPayload.safeParse({ ...payload, amount }).success).toBe(true);
});

test.each([0, -5, 1_000_000.01, 5e-324, Number.NaN])('%p is not an amount to pay', (amount) => {
  expect(paymentAmount.safeParse(amount).success).toBe(false);
  expect(cardTransactionPayload.safeParse({ ...payload, amount }).success).toBe(false);
});

test("the pay form's zod-free rule and the schema agree on every amount", () => {
  const amounts = fc.oneof(
    fc.double({ min: -10, max: 2_000_000, noNaN: false }),
    fc.integer({ min: -100, max: 200_000_000 }).map((cents) => cents / 100),
    fc.integer({ min: 0, max: 100_000 }).map((mills) => mills / 1000),
  );
  fc.assert(
    fc.property(amounts, (amount) => isPaymentAmount(amount) === paymentAmount.safeParse(amount).success),
    { numRuns: 5_000 },
  );
});
