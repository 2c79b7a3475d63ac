import type { Role } from '@paydesk/shared/roles';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { centsToDecimal } from '@paydesk/shared/money';
import { visibleFeeAndNet } from './figures-policy';

/** The columns every transaction read selects (alias `t` for transactions, `k` for provider_keys). */
export const transactionColumns = `
  t.id, t.transaction_id, t.first_name, t.last_name, t.email, t.phone, t.amount_cents, t.fee_cents, t.net_cents, t.refunded_cents,
  t.currency, t.status, t.last_four, t.card_brand, t.created_at, t.updated_at, t.response_message, t.debug_message,
  k.id as key_id, k.provider_name, k.key_name`;

export const transactionFrom = 'transactions t left join provider_keys k on k.id = t.provider_key_id';

export interface TransactionRow {
  id: number;
  transaction_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  refunded_cents: number;
  currency: string;
  status: string;
  last_four: string | null;
  card_brand: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  response_message: string | null;
  debug_message: string | null;
  key_id: number | null;
  provider_name: string | null;
  key_name: string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A row as a transaction of DATA-08, with the fee and net the role may see (ROLE-04). */
export function toTransaction(row: TransactionRow, role: Role): Transaction {
  const { feeCents, netCents } = visibleFeeAndNet(role, row.amount_cents, { feeCents: row.fee_cents, netCents: row.net_cents });
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
    amount_refunded: centsToDecimal(Number(row.refunded_cents)),
  };
}
