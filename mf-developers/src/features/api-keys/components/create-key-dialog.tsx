import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { createApiKeyRequest, type ApiKeyKind, type ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
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

  const submit = async () => {
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
    <FormDialog
      title="Create key"
      submit={{ label: 'Create key', busyLabel: 'Creating...' }}
      busy={isLoading}
      onSubmit={submit}
      onClose={onClose}
      noValidate
      maxWidth="xs"
    >
      <TextField
        label="Name"
        value={name}
        required
        placeholder="Order service"
        onChange={(e) => setName(e.target.value)}
        error={error !== undefined}
        helperText={error ?? 'Where the key is used, to tell keys apart'}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <OptionsSelectField label="Kind" value={kind} options={kindOptions} onChange={(value) => setKind(parseKind(value))} />
    </FormDialog>
  );
}
