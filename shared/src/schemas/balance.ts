import { z } from 'zod';
import { isoDateTime, money, withData } from './common';

/**
 * The movements of the merchant's available balance (BAL-01), as Stripe names a balance
 * transaction's types where it has them: each is one kind of ledger posting on merchant_available
 * (server/src/balance/balance-kinds.ts). A payment is credited gross and its fee taken as a
 * `payment_fee` movement (docs/decisions/balance-transactions-from-the-ledger.md).
 */
export const balanceTransactionTypes = [
  'payment',
  'payment_fee',
  'refund',
  'refund_failure',
  'dispute',
  'dispute_fee',
  'dispute_reversal',
  'withdrawal',
  'withdrawal_failure',
] as const;
export const balanceTransactionType = z.enum(balanceTransactionTypes);
export type BalanceTransactionType = z.infer<typeof balanceTransactionType>;

export const balanceTransactionTypeLabels: Record<BalanceTransactionType, string> = {
  payment: 'Payment',
  payment_fee: 'Payment fee',
  refund: 'Refund',
  refund_failure: 'Refund failure',
  dispute: 'Dispute',
  dispute_fee: 'Dispute fee',
  dispute_reversal: 'Dispute reversal',
  withdrawal: 'Withdrawal',
  withdrawal_failure: 'Withdrawal failure',
};

/** The object a movement comes from: a payment (TXN…), a refund (re_…), a dispute (dp_…) or a withdrawal (WD…). */
export const balanceSourceTypes = ['payment', 'refund', 'dispute', 'withdrawal'] as const;
export const balanceSourceType = z.enum(balanceSourceTypes);
export type BalanceSourceType = z.infer<typeof balanceSourceType>;

/** The wire's movement ids: `txn_` and the number of the ledger posting it comes from. */
export const BALANCE_TRANSACTION_ID = /^txn_[1-9]\d{0,17}$/;

/**
 * One movement of the available balance (BAL-01): `net` is what it added to the balance (negative
 * when it took), `fee` what it paid in fees, `amount` their sum.
 */
export const balanceTransactionObject = z.object({
  object: z.literal('balance_transaction'),
  id: z.string(),
  type: balanceTransactionType,
  amount: money,
  fee: money,
  net: money,
  currency: z.literal('USD'),
  source: z.string(),
  source_type: balanceSourceType,
  /** The payment a payment, refund or dispute movement is about; null for a withdrawal's. */
  transaction_id: z.string().nullable(),
  created_at: isoDateTime,
});
export type BalanceTransactionObject = z.infer<typeof balanceTransactionObject>;

/** An optional query value: absent, or empty as a form sends an unset field. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value) as z.infer<T> | undefined);

/** The filters of the list and of its exports (BAL-03): `from` is in, `to` is not, so ranges that meet never count a movement twice. */
export const balanceTransactionFilters = z.object({
  type: optional(balanceTransactionType),
  from: optional(isoDateTime),
  to: optional(isoDateTime),
  /** The id of the object the movement comes from: a payment, refund, dispute or withdrawal (WD…). */
  source: optional(z.string().trim().min(1).max(64)),
  /** A withdrawal's own movements: its reference (WD…) or its number. */
  withdrawal: optional(z.string().trim().min(1).max(64)),
});
export type BalanceTransactionFilters = z.output<typeof balanceTransactionFilters>;

export const BALANCE_PAGE_SIZES = [25, 50, 100] as const;

/** One page, newest first: `before` is the id of the movement the page starts after (keyset paging). */
export const balanceTransactionListQuery = balanceTransactionFilters.extend({
  before: optional(z.string().regex(BALANCE_TRANSACTION_ID, 'before takes a balance transaction id (txn_…)')),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type BalanceTransactionListQuery = z.input<typeof balanceTransactionListQuery>;

export const balanceTransactionListResponse = z.object({
  status: z.literal('success'),
  data: z.array(balanceTransactionObject),
  /** The `before` of the next (older) page, or null on the last page. */
  next_before: z.string().nullable(),
});
export type BalanceTransactionListResponse = z.infer<typeof balanceTransactionListResponse>;

/** GET …/balance-transactions/summary (BAL-04): both instants required, `to` after `from`. */
export const balanceSummaryQuery = z.object({ from: isoDateTime, to: isoDateTime });
export type BalanceSummaryQuery = z.infer<typeof balanceSummaryQuery>;

const totals = { count: z.number().int(), amount: money, fee: money, net: money };

/**
 * What happened to the balance in [from, to): the balance at `from`, the movements of each type
 * (every type, zeros too), and the balance at `to`, which is the opening balance plus the
 * movements' net, to the cent.
 */
export const balanceSummary = z.object({
  object: z.literal('balance_summary'),
  currency: z.literal('USD'),
  from: isoDateTime,
  to: isoDateTime,
  opening_balance: money,
  types: z.array(z.object({ type: balanceTransactionType, ...totals })),
  movements: z.object(totals),
  closing_balance: money,
});
export type BalanceSummary = z.infer<typeof balanceSummary>;
export const balanceSummaryResponse = withData(balanceSummary);

/** The exports' file names and columns (BAL-06). */
export const BALANCE_CSV = 'balance-history.csv';
export const BALANCE_XLSX = 'balance-history.xlsx';
export const balanceCsvHeader = ['ID', 'Created', 'Type', 'Amount', 'Fee', 'Net', 'Currency', 'Source', 'Source Type', 'Payment'] as const;
