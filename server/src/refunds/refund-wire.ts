import type { RefundObject } from '@paydesk/shared/schemas/merchant-objects';
import { toWireMoney } from '../http/wire-money';
import type { RefundRow } from './refunds-repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The merchant API's refund object (shared/src/schemas/merchant-objects.ts). */
export const toRefundObject = (row: RefundRow): RefundObject => ({
  object: 'refund',
  id: row.id,
  transaction_id: row.transaction_id,
  amount: toWireMoney(Number(row.amount_cents)),
  currency: 'USD',
  status: row.status,
  reason: row.reason,
  note: row.note,
  failure_reason: row.failure_reason,
  requested_by: row.requested_via === 'api' ? 'api' : (row.requested_by_email ?? 'a deleted user'),
  created_at: iso(row.created_at),
  settled_at: row.settled_at === null ? null : iso(row.settled_at),
});
