import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { createApiKeyRequest, type ApiKeyKind, type ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useCreateApiKeyMutation } from '../api/api-keys-api';
import { kindOptions, parseKind } from '../model/key-labels';

/** Create key (KEY-01): a name and a kind; the whole key goes to the secret dialog. */
export function CreateKeyDialog({ onCreated, onClose }: { onCreated: (created: ApiKeyWithSecret) => void; onClose: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ApiKeyKind>('secret');
  const [error, setError] = useState<string | undefined>();
  const [create, { isLoading }] = useCreateApiKeyMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const checked = createApiKeyRequest.safeParse({ name, kind });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Name is required');
      return;
    }
    setError(undefined);
    const request = create(checked.data);
    const result = await request;
    // The key lives in the secret dialog alone: the store forgets the answer that carried it (KEY-03).
    request.reset();
    if ('error' in result) {
      reportFailure(result.error, 'The key could not be created');
      return;
    }
    notify('success', 'API Key Created', result.data.key.name);
    onCreated(result.data);
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="create-key-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="create-key-title">Create key</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <TextField
              label="Name"
              value={name}
              required
              autoFocus
              placeholder="Order service"
              onChange={(e) => setName(e.target.value)}
              error={error !== undefined}
              helperText={error ?? 'Where the key is used, to tell keys apart'}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <OptionsSelectField label="Kind" value={kind} options={kindOptions} onChange={(value) => setKind(parseKind(value))} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create key'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
