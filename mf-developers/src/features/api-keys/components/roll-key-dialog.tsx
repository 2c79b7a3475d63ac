import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ApiKey, ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { notify } from '@paydesk/shared/ui/notify';
import { graceHours, graceOptions, parseGrace, type GraceValue } from '../../../lib/grace';
import { reportFailure } from '../../../lib/report-failure';
import { useRollApiKeyMutation } from '../api/api-keys-api';

/** Roll (KEY-05): a new key now; the old one keeps working for the chosen grace. Confirmed by its button. */
export function RollKeyDialog({
  apiKey,
  onRolled,
  onClose,
}: {
  apiKey: ApiKey;
  onRolled: (rolled: ApiKeyWithSecret) => void;
  onClose: () => void;
}) {
  const [grace, setGrace] = useState<GraceValue>('24');
  const [roll, { isLoading }] = useRollApiKeyMutation();
  const submit = async () => {
    const request = roll({ id: apiKey.id, graceHours: graceHours(grace) });
    const result = await request;
    // The new key lives in the secret dialog alone (KEY-03).
    request.reset();
    if ('error' in result) {
      reportFailure(result.error, 'The key could not be rolled');
      return;
    }
    notify('success', 'API Key Rolled', apiKey.name);
    onRolled(result.data);
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="roll-key-title">
      <DialogTitle id="roll-key-title">{`Roll ${apiKey.prefix}…?`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          A new key replaces {apiKey.name}. Keep the old one working while your system switches over; after that it is refused.
        </DialogContentText>
        <OptionsSelectField
          label="Old key expires"
          value={grace}
          options={graceOptions}
          onChange={(value) => setGrace(parseGrace(value))}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {isLoading ? 'Rolling...' : 'Roll key'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
