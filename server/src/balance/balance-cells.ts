import type { MovementRow } from './balance-repository';

/** One movement as the CSV and the sheet have it: the wire's fields, in the header's order. */
export const movementCells = (row: MovementRow, money: (cents: number) => string | number): (string | number)[] => [
  row.id,
  row.created_at,
  row.type,
  money(row.amount_cents),
  money(row.fee_cents),
  money(row.net_cents),
  'USD',
  row.source,
  row.source_type,
  row.transaction_id ?? '',
];
