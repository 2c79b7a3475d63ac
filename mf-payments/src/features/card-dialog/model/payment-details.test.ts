import { buildPayload, type PaymentDetails } from './payment-details';

const details: PaymentDetails = {
  amount: 25,
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '555',
  checkoutReference: null,
};

test('the payload carries digits, a two-digit month, a four-digit year and the brand', () => {
  const payload = buildPayload(
    details,
    { cardNumber: '4242 4242 4242 4242', expiry: '03/29', cvv: '123' },
    { transactionId: 't1', orderId: 'o1' },
  );
  expect(payload).toMatchObject({
    transaction_id: 't1',
    order_id: 'o1',
    card_number: '4242424242424242',
    card_month: '03',
    card_year: '2029',
    cvv: '123',
    currency: 'USD',
    first_name: 'Ada',
    cardBrand: 'Visa',
    checkout: false,
    reference: null,
    checkout_reference: null,
  });
});

test('in widget mode the checkout reference goes with it', () => {
  const payload = buildPayload(
    { ...details, checkoutReference: 'ref-1' },
    { cardNumber: '378282246310005', expiry: '12/30', cvv: '1234' },
    { transactionId: 't', orderId: 'o' },
  );
  expect(payload).toMatchObject({ checkout: true, checkout_reference: 'ref-1', reference: 'ref-1', cardBrand: 'American Express' });
});
