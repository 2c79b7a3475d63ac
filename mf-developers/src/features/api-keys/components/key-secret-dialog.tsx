import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { formatDateTime } from '@paydesk/shared/format';
import { notify } from '@paydesk/shared/ui/notify';
import { kindLabel } from '../model/key-labels';

/**
 * The whole key, shown this once (KEY-03): the server never answers a secret key again, and the
 * page keeps it only in this dialog's props, so closing the dialog forgets it.
 */
export function KeySecretDialog({ created, onClose }: { created: ApiKeyWithSecret; onClose: () => void }) {
  const { key, secret, previous } = created;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify('success', 'Copied', 'The key is on the clipboard');
    } catch {
      notify('error', 'Error', 'The key could not be copied: select it and copy it by hand');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="key-secret-title">
      <DialogTitle id="key-secret-title">{`${kindLabel(key.kind)} key: ${key.name}`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {key.kind === 'secret' ? (
          <Alert severity="warning">Copy this key now: it will not be shown again. Keep it on your server, never in a browser.</Alert>
        ) : (
          <Alert severity="info">Payer pages carry this key: it is not a secret.</Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="code" data-testid="api-key-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', p: 1, borderRadius: 1, bgcolor: 'action.hover', flex: '1 1 240px' }}>
            {secret}
          </Typography>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>Copy</Button>
        </Box>
        {previous ? (
          <Typography variant="body2" color="text.secondary">
            {previous.status === 'expiring' && previous.expires_at
              ? `The previous key (${previous.prefix}…) keeps working until ${formatDateTime(previous.expires_at)}.`
              : `The previous key (${previous.prefix}…) no longer works.`}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
