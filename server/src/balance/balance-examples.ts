/** Examples of the balance calls' answers for the OpenAPI document (/api/docs), given by `withExample`. */
const payment = {
  object: 'balance_transaction',
  id: 'txn_1042',
  type: 'payment',
  amount: '120.50',
  fee: '0.00',
  net: '120.50',
  currency: 'USD',
  source: 'TXNxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  source_type: 'payment',
  transaction_id: 'TXNxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  created_at: '2026-01-20T10:00:00.000Z',
};
const paymentFee = {
  ...payment,
  id: 'txn_1043',
  type: 'payment_fee',
  amount: '0.00',
  fee: '3.80',
  net: '-3.80',
};
const refund = {
  ...payment,
  id: 'txn_1057',
  type: 'refund',
  amount: '-20.50',
  fee: '0.00',
  net: '-20.50',
  source: 're_xxxxxxxxxxxxxxxxxxxxxxxx',
  source_type: 'refund',
  created_at: '2026-01-21T09:15:00.000Z',
};

const totals = (count: number, amount: string, fee: string, net: string) => ({ count, amount, fee, net });

export const balanceExamples = {
  list: { status: 'success', data: [refund, paymentFee, payment], next_before: 'txn_1042' },
  summary: {
    status: 'success',
    data: {
      object: 'balance_summary',
      currency: 'USD',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00.000Z',
      opening_balance: '1500.00',
      types: [
        { type: 'payment', ...totals(2, '240.00', '0.00', '240.00') },
        { type: 'payment_fee', ...totals(2, '0.00', '7.60', '-7.60') },
        { type: 'refund', ...totals(1, '-20.50', '0.00', '-20.50') },
        { type: 'refund_failure', ...totals(0, '0.00', '0.00', '0.00') },
        { type: 'dispute', ...totals(1, '-100.00', '0.00', '-100.00') },
        { type: 'dispute_fee', ...totals(1, '0.00', '15.00', '-15.00') },
        { type: 'dispute_reversal', ...totals(0, '0.00', '0.00', '0.00') },
        { type: 'withdrawal', ...totals(1, '-500.00', '0.00', '-500.00') },
        { type: 'withdrawal_failure', ...totals(0, '0.00', '0.00', '0.00') },
      ],
      movements: totals(8, '-380.50', '22.60', '-403.10'),
      closing_balance: '1096.90',
    },
  },
  badRange: { status: 'error', message: 'The range is empty: `to` must be later than `from`', code: 'invalid_request' },
};
