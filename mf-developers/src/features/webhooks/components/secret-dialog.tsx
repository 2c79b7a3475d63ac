import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { formatDateTime } from '@paydesk/shared/format';
import { notify } from '@paydesk/shared/ui/notify';

interface Props {
  secret: string;
  /** After a roll: until when the previous secret still signs (null: it stopped now). */
  previousUntil?: string | null;
  onClose: () => void;
}

/**
 * The signing secret, shown this once (DEV-04): the server never answers it again, and the page
 * keeps it only in this dialog's props, so closing the dialog forgets it.
 */
export function SecretDialog({ secret, previousUntil, onClose }: Props) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify('success', 'Copied', 'The signing secret is on the clipboard');
    } catch {
      notify('error', 'Error', 'The secret could not be copied: select it and copy it by hand');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">Signing secret</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">Copy this secret now: it will not be shown again.</Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="code" data-testid="signing-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', p: 1, borderRadius: 1, bgcolor: 'action.hover', flex: '1 1 240px' }}>
            {secret}
          </Typography>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>Copy</Button>
        </Box>
        {previousUntil !== undefined ? (
          <Typography variant="body2" color="text.secondary">
            {previousUntil ? `The previous secret also signs until ${formatDateTime(previousUntil)}.` : 'The previous secret no longer signs.'}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
