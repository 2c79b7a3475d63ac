import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatDateTime } from '@paydesk/shared/format';
import type { DeliveryAttempt } from '@paydesk/shared/schemas/webhooks';
import { AttemptStatusChip } from './status-chips';

export const attemptColumns = ['', 'Event', 'Attempt', 'Status', 'HTTP', 'Duration', 'Time', 'Next retry', ''] as const;

interface Props {
  attempt: DeliveryAttempt;
  /** Absent when the role may not resend. */
  onResend?: () => void;
  resending: boolean;
}

/** One delivery attempt; opened, the first KB of the endpoint's answer (DEV-06). */
export function AttemptRow({ attempt: a, onResend, resending }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <TableRow hover>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={open ? 'Hide the answer' : 'Show the answer'}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
        <TableCell>
          <Typography variant="body2">{a.event_type}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {a.event_id}
          </Typography>
        </TableCell>
        <TableCell>{a.attempt}</TableCell>
        <TableCell>
          <AttemptStatusChip status={a.status} />
        </TableCell>
        <TableCell>{a.response_status ?? '—'}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.duration_ms === null ? '—' : `${a.duration_ms} ms`}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.attempted_at ? formatDateTime(a.attempted_at) : '—'}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.next_retry_at ? formatDateTime(a.next_retry_at) : '—'}</TableCell>
        <TableCell>
          {onResend ? (
            <Button size="small" onClick={onResend} disabled={resending}>
              Resend
            </Button>
          ) : null}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={attemptColumns.length} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box
              component="pre"
              data-testid="attempt-answer"
              sx={{ my: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}
            >
              {a.response_body ?? 'No answer'}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
