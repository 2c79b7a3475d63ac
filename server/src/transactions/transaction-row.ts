import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { centsToDecimal } from '@paydesk/shared/money';
import type { PaymentRow } from '../payments/payments-repository';
import { visibleFeeAndNet, type Holder } from './figures-policy';
import { iso } from '../db/timestamps';

/** The columns every transaction read selects (alias `t` for transactions, `k` for provider_keys). */
export const transactionColumns = `
  t.id, t.transaction_id, t.first_name, t.last_name, t.email, t.phone, t.amount_cents, t.fee_cents, t.net_cents, t.refunded_cents,
  t.currency, t.status, t.last_four, t.card_brand, t.created_at, t.updated_at, t.response_message, t.debug_message,
  k.id as key_id, k.provider_name, k.key_name`;

export const transactionFrom = 'transactions t left join provider_keys k on k.id = t.provider_key_id';

/** A payment as the back office reads it (transactionColumns): its row's columns for the screens, and its provider key. */
export type PaymentWithKey = Pick<
  PaymentRow,
  | 'id'
  | 'transaction_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'amount_cents'
  | 'fee_cents'
  | 'net_cents'
  | 'refunded_cents'
  | 'currency'
  | 'status'
  | 'last_four'
  | 'card_brand'
  | 'created_at'
  | 'updated_at'
  | 'response_message'
  | 'debug_message'
> & {
  key_id: number | null;
  provider_name: string | null;
  key_name: string | null;
};

/** A row as a transaction of DATA-08, with the fee and net the caller may see (ROLE-04). */
export function toTransaction(row: PaymentWithKey, held: Holder): Transaction {
  const { feeCents, netCents } = visibleFeeAndNet(held, row.amount_cents, { feeCents: row.fee_cents, netCents: row.net_cents });
  return {
    id: row.id,
    transaction_id: row.transaction_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    payment_amount: centsToDecimal(row.amount_cents),
    currency: 'USD',
    status: row.status,
    last_four: row.last_four,
    card_brand: row.card_brand,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    fee_amount: centsToDecimal(feeCents),
    value_amount: centsToDecimal(netCents),
    response: row.response_message === null ? null : { message: row.response_message },
    response_content: row.debug_message === null ? null : { debugMessage: row.debug_message },
    provider_key: row.key_id === null ? null : { id: row.key_id, provider_name: row.provider_name ?? '', key_name: row.key_name ?? '' },
    amount_refunded: centsToDecimal(row.refunded_cents),
  };
}
