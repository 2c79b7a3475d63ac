import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { transactionsCsv } from './transactions-csv';

const row = (over: Partial<Transaction>): Transaction => ({
  id: 1,
  transaction_id: 'PDABC',
  first_name: 'Olivia',
  last_name: 'Smith',
  email: 'olivia@example.com',
  phone: '+1 555 0100',
  payment_amount: '1234.50',
  currency: 'USD',
  status: 'success',
  last_four: '4242',
  card_brand: 'Visa',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:05.000Z',
  fee_amount: '36.10',
  value_amount: '1198.40',
  response: { message: 'Approved' },
  response_content: null,
  provider_key: null,
  amount_refunded: '0.00',
  ...over,
});

test('has the TXN-17 columns and one line per row of the page', () => {
  const csv = transactionsCsv([
    row({}),
    row({ id: 2, transaction_id: 'PDDEF', status: 'failed', payment_amount: '5.00' }),
    row({ id: 3, transaction_id: 'PDGHI', payment_amount: '50.00', amount_refunded: '20.00' }),
  ]);
  expect(csv.split('\r\n')).toEqual([
    'Transaction ID,Customer Name,Email,Amount,Status,Date',
    'PDABC,Olivia Smith,olivia@example.com,1234.50,success,2026-03-01T10:00:00.000Z',
    'PDDEF,Olivia Smith,olivia@example.com,5.00,failed,2026-03-01T10:00:00.000Z',
    'PDGHI,Olivia Smith,olivia@example.com,50.00,success,2026-03-01T10:00:00.000Z',
    '',
  ]);
});

test('quotes commas and quotes, and defuses spreadsheet formulas', () => {
  const csv = transactionsCsv([row({ first_name: 'O"Neil,', last_name: 'Jr', email: '=HYPERLINK("x")' })]);
  expect(csv.split('\r\n')[1]).toBe('PDABC,"O""Neil, Jr","\'=HYPERLINK(""x"")",1234.50,success,2026-03-01T10:00:00.000Z');
});
