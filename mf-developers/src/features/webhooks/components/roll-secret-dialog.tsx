import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { useRollSecretMutation } from '../api/endpoints-api';
import type { EndpointWithSecret } from '../api/envelopes';
import { graceHours, graceOptions, parseGrace, type GraceValue } from '../../../lib/grace';
import { reportFailure } from '../../../lib/report-failure';

interface Props {
  endpointId: string;
  onRolled: (rolled: EndpointWithSecret) => void;
  onClose: () => void;
}

/** Roll secret (DEV-05): a new secret now; the old one keeps signing for the chosen grace. */
export function RollSecretDialog({ endpointId, onRolled, onClose }: Props) {
  const [grace, setGrace] = useState<GraceValue>('24');
  const [roll, { isLoading }] = useRollSecretMutation();
  const submit = async () => {
    const request = roll({ id: endpointId, graceHours: graceHours(grace) });
    const result = await request;
    // The new secret lives in the secret dialog alone: the store forgets the answer (DEV-04).
    request.reset();
    if ('error' in result) reportFailure(result.error, 'The secret could not be rolled');
    else onRolled(result.data);
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="roll-dialog-title">
      <DialogTitle id="roll-dialog-title">Roll secret</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          A new secret signs every delivery from now on. Keep the old one signing too while your system switches over.
        </DialogContentText>
        <OptionsSelectField
          label="Old secret expires"
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
          {isLoading ? 'Rolling...' : 'Roll secret'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
