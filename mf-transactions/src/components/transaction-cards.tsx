import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as RouterLink } from 'react-router-dom';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { StatusBadge } from './status-badge';
import { DateTimeText, MoneyText, oneLine, paymentMethod, TransactionIdText } from './transaction-text';
import { transactionDetailsPath } from '../lib/paths';
import { partialRefundLabel } from '../lib/refund-progress';

/**
 * The phone layout of TXN-04 and TXN-20: each transaction a compact card with the table's data stacked
 * (customer and amount on top, then status and date, method and switch, id), so the page
 * never scrolls sideways.
 */
export function TransactionCards({ rows, label = 'Transactions' }: { rows: readonly Transaction[]; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}
    >
      {rows.map((t) => (
        <Box
          component="li"
          key={t.id}
          data-testid="transaction-row"
          data-layout="card"
          // minmax(0, 1fr): a line's own nowrap texts never widen the card; the e-mail gives way with an ellipsis.
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
            minWidth: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: 0.5,
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0, ...oneLine }}>
              {t.first_name} {t.last_name}
            </Typography>
            <MoneyText amount={t.payment_amount} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" title={t.email} sx={{ minWidth: 0, ...oneLine }}>
              {t.email}
            </Typography>
            {partialRefundLabel(t) ? (
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {partialRefundLabel(t)}
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2' }}>
            <StatusBadge status={t.status} />
            <DateTimeText value={t.created_at} />
          </Box>
          <Typography variant="caption" color="text.secondary" sx={oneLine}>
            {paymentMethod(t)} · {t.provider_key?.key_name ?? 'N/A'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, typography: 'caption' }}>
            <TransactionIdText id={t.transaction_id} maxWidth="100%" />
            <IconButton
              component={RouterLink}
              to={transactionDetailsPath(t.id)}
              aria-label={`View ${t.transaction_id}`}
              size="small"
              sx={{ my: -0.5 }}
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
