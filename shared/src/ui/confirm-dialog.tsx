import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface Props {
  title: string;
  children: ReactNode;
  /** The confirming button's text, and its text while the action runs. */
  confirm: { label: string; busyLabel: string; color?: 'error' | 'warning' };
  busy: boolean;
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}

/**
 * The one way to ask "are you sure?" before an action that cannot be undone: while it runs, both
 * buttons are disabled and the dialog cannot be dismissed, so the action is sent once.
 */
export function ConfirmDialog({ title, children, confirm, busy, onConfirm, onClose }: Props) {
  const id = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color={confirm.color ?? 'error'} variant="contained" onClick={() => void onConfirm()} disabled={busy}>
          {busy ? confirm.busyLabel : confirm.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
