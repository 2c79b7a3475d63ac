import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { TransactionCards } from '../../../components/transaction-cards';
import { TransactionsTable } from './transactions-table';

/**
 * The table where the eight columns fit on one line each (a desk, beside the navigation), cards
 * below that: below the lg breakpoint the content is narrower than the columns.
 */
export function TransactionsList({ rows }: { rows: readonly Transaction[] }) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('lg'));
  return narrow ? <TransactionCards rows={rows} /> : <TransactionsTable rows={rows} />;
}
