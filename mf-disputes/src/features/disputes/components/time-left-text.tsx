import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { timeLeft } from '../model/time-left';

/**
 * The time left to respond: overdue and due within 48 hours stand out as chips that say so (red,
 * orange), other times are plain text; the due date under it while a response is awaited.
 */
/** A due date is weeks away at most: its day and time, without the year, keep the line short. */
const dueFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

interface Props {
  dispute: Pick<DisputeObject, 'status' | 'evidence_details'>;
  /** `end` in a details card, whose values sit on the right. */
  align?: 'start' | 'end';
}

export function TimeLeftText({ dispute, align = 'start' }: Props) {
  const { urgency, flag, text } = timeLeft(dispute);
  const waiting = urgency === 'overdue' || urgency === 'soon' || urgency === 'open';
  return (
    <Box data-testid="time-left" data-urgency={urgency} sx={{ display: 'grid', justifyItems: align, gap: 0.25 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: align === 'end' ? 'flex-end' : 'flex-start',
          columnGap: 0.75,
          rowGap: 0.25,
        }}
      >
        {/* A space between the two, so that the words read as one sentence. */}
        {flag ? <StatusChip label={flag} tone={urgency === 'overdue' ? 'red' : 'orange'} /> : null}
        {flag ? ' ' : null}
        <Typography
          variant="body2"
          component="span"
          color={waiting ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: flag ? 600 : 400 }}
        >
          {text}
        </Typography>
      </Box>
      {waiting ? (
        <Typography variant="caption" color="text.secondary">
          Due {dueFormat.format(new Date(dispute.evidence_details.due_by))}
        </Typography>
      ) : null}
    </Box>
  );
}
