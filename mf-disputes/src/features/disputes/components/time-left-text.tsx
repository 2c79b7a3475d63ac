import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { timeLeft } from '../model/time-left';

/**
 * The time left to respond: overdue and due within 48 hours stand out as chips that say so (red,
 * orange), other times are plain text; the due date under it while a response is awaited.
 */
export function TimeLeftText({ dispute, now }: { dispute: Pick<DisputeObject, 'status' | 'evidence_details'>; now?: number }) {
  const { urgency, text } = timeLeft(dispute, now);
  const waiting = urgency === 'overdue' || urgency === 'soon' || urgency === 'open';
  return (
    <Box data-testid="time-left" data-urgency={urgency} sx={{ display: 'grid', justifyItems: 'start', gap: 0.25 }}>
      {urgency === 'overdue' || urgency === 'soon' ? (
        <StatusChip label={text} tone={urgency === 'overdue' ? 'red' : 'orange'} />
      ) : (
        <Typography variant="body2" color={waiting ? 'text.primary' : 'text.secondary'}>
          {text}
        </Typography>
      )}
      {waiting ? (
        <Typography variant="caption" color="text.secondary">
          Due {formatDateTime(dispute.evidence_details.due_by)}
        </Typography>
      ) : null}
    </Box>
  );
}
