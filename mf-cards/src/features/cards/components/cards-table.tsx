import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@paydesk/shared/format';
import type { PoolCard } from '@paydesk/shared/schemas/card';
import { expiryMonth, failureCount, lastUsed } from '../model/card-display';
import { CardStatusButton } from './card-status-button';
import { CardStatusChip } from './card-status-chip';
import { TableRegion } from '@paydesk/shared/ui/table-region';

const columns = ['Card Number', 'CVV', 'Expiry Month', 'Expiry Year', 'Status', 'Created', 'Last Used', 'Failure Count'] as const;

/** CARD-04's columns; the Block/Unblock column only for those who may manage cards. */
export function CardsTable({ cards, canManage }: { cards: readonly PoolCard[]; canManage: boolean }) {
  return (
    <TableRegion label="Cards">
      <Table size="small" aria-label="Cards">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
            {canManage ? <TableCell>Actions</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {cards.map((card) => (
            <TableRow key={card.id} hover data-testid="card-row">
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{card.card_number}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{card.cvv}</TableCell>
              <TableCell>{expiryMonth(card)}</TableCell>
              <TableCell>{card.expiry_year}</TableCell>
              <TableCell>
                <CardStatusChip status={card.status} />
              </TableCell>
              <TableCell>{formatDateTime(card.created_at)}</TableCell>
              <TableCell>{lastUsed(card)}</TableCell>
              <TableCell>{failureCount(card)}</TableCell>
              {canManage ? (
                <TableCell>
                  <CardStatusButton card={card} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
