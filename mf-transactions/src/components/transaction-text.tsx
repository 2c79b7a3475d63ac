import Box from '@mui/material/Box';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { Transaction } from '@paydesk/shared/schemas/transaction';

/** Figures in columns line up digit under digit. */
export const tabularFigures = { fontVariantNumeric: 'tabular-nums' } as const;

/** One line, cut with an ellipsis when the column is narrower than the text. */
export const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export const paymentMethod = (t: Pick<Transaction, 'card_brand' | 'last_four'>): string =>
  `${t.card_brand ?? 'Card'} ${t.last_four ? `•••• ${t.last_four}` : ''}`.trim();

/**
 * A transaction id in monospace, on one line: a long id is cut with an ellipsis and never pushes
 * the other columns; the whole id is in the title and is what a selection copies.
 */
export function TransactionIdText({ id, maxWidth = '13ch' }: { id: string; maxWidth?: string }) {
  return (
    <Box
      component="span"
      title={id}
      data-testid="row-transaction-id"
      sx={{ fontFamily: 'monospace', display: 'block', maxWidth, ...oneLine }}
    >
      {id}
    </Box>
  );
}

/** "Nov 25, 2026, 04:18 PM", never wrapped. */
export function DateTimeText({ value }: { value: string }) {
  return (
    <Box component="time" dateTime={value} data-testid="transaction-date" sx={{ whiteSpace: 'nowrap', ...tabularFigures }}>
      {formatDateTime(value)}
    </Box>
  );
}

export function MoneyText({ amount }: { amount: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 500, ...tabularFigures }}>
      {formatMoney(amount)}
    </Box>
  );
}
