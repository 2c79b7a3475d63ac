import { formatDateTime } from '@paydesk/shared/format';
import type { PoolCard } from '@paydesk/shared/schemas/card';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { expiryMonth, failureCount, lastUsed } from '../model/card-display';
import { CardStatusButton } from './card-status-button';
import { CardStatusChip } from './card-status-chip';

const columns: DataColumn<PoolCard>[] = [
  { key: 'number', header: 'Card Number', sx: { fontFamily: 'monospace' }, nowrap: true, cell: (card) => card.card_number },
  { key: 'cvv', header: 'CVV', sx: { fontFamily: 'monospace' }, cell: (card) => card.cvv },
  { key: 'expiry-month', header: 'Expiry Month', cell: (card) => expiryMonth(card) },
  { key: 'expiry-year', header: 'Expiry Year', cell: (card) => card.expiry_year },
  { key: 'status', header: 'Status', cell: (card) => <CardStatusChip status={card.status} /> },
  { key: 'created', header: 'Created', cell: (card) => formatDateTime(card.created_at) },
  { key: 'last-used', header: 'Last Used', cell: (card) => lastUsed(card) },
  { key: 'failures', header: 'Failure Count', cell: (card) => failureCount(card) },
];

const actions: DataColumn<PoolCard> = { key: 'actions', header: 'Actions', cell: (card) => <CardStatusButton card={card} /> };

/** CARD-04's columns; the Block/Unblock column only for those who may manage cards. */
export function CardsTable({ cards, canManage }: { cards: readonly PoolCard[]; canManage: boolean }) {
  return (
    <DataTable
      label="Cards"
      columns={canManage ? [...columns, actions] : columns}
      rows={cards}
      rowKey={(card) => card.id}
      rowTestId="card-row"
      emptyText="No cards in the pool"
    />
  );
}
