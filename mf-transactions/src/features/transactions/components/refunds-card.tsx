import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { RefundObject, RefundStatus } from '@paydesk/shared/schemas/merchant-objects';
import { StatusChip, type StatusTone } from '@paydesk/shared/ui/status-chip';
import { reasonLabels } from '../../../lib/refund-progress';
import { InfoCard } from '@paydesk/shared/ui/info-card';

const statusTone: Record<RefundStatus, StatusTone> = { pending: 'warning', succeeded: 'success', failed: 'error' };
const statusLabel: Record<RefundStatus, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

/** The payment's refunds, oldest first: amount, status, reason, who and when (REF-10). */
export function RefundsCard({ refunds }: { refunds: readonly RefundObject[] }) {
  return (
    <InfoCard title="Refunds">
      {refunds.length === 0 ? (
        <Typography color="text.secondary">No refunds</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {refunds.map((r) => (
            <Box
              component="li"
              key={r.id}
              data-testid="refund-row"
              sx={{ display: 'grid', gap: 0.25, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{formatMoney(r.amount)}</Typography>
                <StatusChip label={statusLabel[r.status]} tone={statusTone[r.status]} />
                <Typography variant="body2" color="text.secondary">
                  {reasonLabels[r.reason]}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {r.requested_by === 'api' ? 'Merchant API' : r.requested_by} · {formatDateTime(r.created_at)}
              </Typography>
              {r.note ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {r.note}
                </Typography>
              ) : null}
              {r.failure_reason ? (
                <Typography variant="body2" color="error">
                  {r.failure_reason}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </InfoCard>
  );
}
