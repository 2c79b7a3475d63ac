import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatDateTime } from '@paydesk/shared/format';
import type { DeliveryAttempt } from '@paydesk/shared/schemas/webhooks';
import type { DataColumn } from '@paydesk/shared/ui/data-table';
import { AttemptStatusChip } from './status-chips';

interface Options {
  /** Absent when the role may not resend. */
  onResend?: (attempt: DeliveryAttempt) => void;
  resending: boolean;
}

/** A delivery attempt's columns (DEV-06); the first opens the row's answer. */
export const attemptColumns = ({ onResend, resending }: Options): DataColumn<DeliveryAttempt>[] => [
  {
    key: 'open',
    header: '',
    padding: 'checkbox',
    cell: (_a, { open, toggle }) => (
      <IconButton size="small" aria-label={open ? 'Hide the answer' : 'Show the answer'} aria-expanded={open} onClick={toggle}>
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </IconButton>
    ),
  },
  {
    key: 'event',
    header: 'Event',
    cell: (a) => (
      <>
        <Typography variant="body2">{a.event_type}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {a.event_id}
        </Typography>
      </>
    ),
  },
  { key: 'attempt', header: 'Attempt', cell: (a) => a.attempt },
  { key: 'status', header: 'Status', cell: (a) => <AttemptStatusChip status={a.status} /> },
  { key: 'http', header: 'HTTP', cell: (a) => a.response_status ?? '—' },
  { key: 'duration', header: 'Duration', nowrap: true, cell: (a) => (a.duration_ms === null ? '—' : `${a.duration_ms} ms`) },
  { key: 'time', header: 'Time', nowrap: true, cell: (a) => (a.attempted_at ? formatDateTime(a.attempted_at) : '—') },
  { key: 'next-retry', header: 'Next retry', nowrap: true, cell: (a) => (a.next_retry_at ? formatDateTime(a.next_retry_at) : '—') },
  {
    key: 'resend',
    header: '',
    cell: (a) =>
      onResend ? (
        <Button size="small" onClick={() => onResend(a)} disabled={resending}>
          Resend
        </Button>
      ) : null,
  },
];

/** The first KB of the endpoint's answer, under the attempt's row. */
export function AttemptAnswer({ attempt }: { attempt: DeliveryAttempt }) {
  return (
    <Box
      component="pre"
      data-testid="attempt-answer"
      sx={{ my: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}
    >
      {attempt.response_body ?? 'No answer'}
    </Box>
  );
}
