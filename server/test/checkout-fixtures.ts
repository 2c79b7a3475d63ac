/** A merchant's POST /api/checkout body: a payer, an amount and where to send them back. */
export const checkoutBody = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+15550101',
  amount: 10,
  callback_url: 'https://shop.example/paid',
};
