import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { notify } from './notify';

interface Props {
  title: string;
  /** What the value is and what to do with it, above the value. */
  notice: ReactNode;
  value: string;
  testId: string;
  /** How the value is named in the copy toasts: "key" gives "The key is on the clipboard". */
  noun: { copied: string; failed: string };
  /** Under the value: what became of the one it replaced. */
  footnote?: string;
  onClose: () => void;
}

/**
 * A value the server answers this once (an API key, a signing secret, a deploy token): the page keeps it only in
 * this dialog's props, so closing the dialog forgets it.
 */
export function ShownOnceDialog({ title, notice, value, testId, noun, footnote, onClose }: Props) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('success', 'Copied', `${noun.copied} is on the clipboard`);
    } catch {
      notify('error', 'Error', `${noun.failed} could not be copied: select it and copy it by hand`);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${testId}-title`}>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {notice}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            component="code"
            data-testid={testId}
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', p: 1, borderRadius: 1, bgcolor: 'action.hover', flex: '1 1 240px' }}
          >
            {value}
          </Typography>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            Copy
          </Button>
        </Box>
        {footnote ? (
          <Typography variant="body2" color="text.secondary">
            {footnote}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
