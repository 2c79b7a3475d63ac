import { aWithdrawal } from '../testing/fake-wallet-api';
import { withdrawalsCsv } from './withdrawals-csv';

test('has the WAL-10 columns, one line per filtered row, no processed date while pending', () => {
  const csv = withdrawalsCsv([
    aWithdrawal(),
    aWithdrawal({ id: 2, transaction_id: 'WDZZZZ', amount: '5.00', status: 'failed', processed_at: '2026-03-01T10:00:20.000Z' }),
  ]);
  expect(csv.split('\r\n')).toEqual([
    'Reference,Amount,Account Number,Bank Name,Account Name,Status,Requested Date,Processed Date',
    'WDAAAABBBBCCCCDDDD,250.00,12345678,First Test Bank,Paydesk Merchant Ltd,pending,2026-03-01T10:00:00.000Z,',
    'WDZZZZ,5.00,12345678,First Test Bank,Paydesk Merchant Ltd,failed,2026-03-01T10:00:00.000Z,2026-03-01T10:00:20.000Z',
    '',
  ]);
});

test('quotes commas and defuses spreadsheet formulas in the account fields', () => {
  const csv = withdrawalsCsv([aWithdrawal({ bank_name: 'Bank, "North"', account_name: '=cmd()' })]);
  expect(csv.split('\r\n')[1]).toBe('WDAAAABBBBCCCCDDDD,250.00,12345678,"Bank, ""North""",\'=cmd(),pending,2026-03-01T10:00:00.000Z,');
});
