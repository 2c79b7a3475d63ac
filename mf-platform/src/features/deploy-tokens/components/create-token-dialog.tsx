import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { createDeployTokenRequest, type CreatedDeployToken } from '@paydesk/shared/schemas/platform';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useCreateDeployTokenMutation } from '../api/deploy-tokens-api';

interface Props {
  /** The released remotes' container names, offered as choices; another name may be typed (a remote's first release). */
  remoteNames: readonly string[];
  onCreated: (created: CreatedDeployToken) => void;
  onClose: () => void;
}

/** Create token: for one remote's container name; the whole token goes to the shown-once dialog. */
export function CreateTokenDialog({ remoteNames, onCreated, onClose }: Props) {
  const [remote, setRemote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [create, { isLoading }] = useCreateDeployTokenMutation();

  const submit = async () => {
    const checked = createDeployTokenRequest.safeParse({ remote: remote.trim() });
    if (!checked.success) {
      setError(remote.trim() === '' ? 'The remote is required' : (checked.error.issues[0]?.message ?? 'A container name'));
      return;
    }
    setError(undefined);
    const request = create(checked.data);
    const result = await request;
    // The token lives in the shown-once dialog alone: the store forgets the answer that carried it.
    request.reset();
    if ('error' in result) {
      reportFailure(result.error, 'The token could not be created');
      return;
    }
    notify('success', result.data.message ?? 'Deploy token created', checked.data.remote);
    onCreated(result.data.token);
  };

  return (
    <FormDialog
      title="Create token"
      description="A team's CI releases its remote with it, and nothing else."
      submit={{ label: 'Create token', busyLabel: 'Creating...' }}
      busy={isLoading}
      onSubmit={submit}
      onClose={onClose}
      noValidate
      maxWidth="xs"
    >
      <Autocomplete
        freeSolo
        // The released remotes are a list to open, as a select's are; a name not in it may be typed.
        forcePopupIcon
        options={remoteNames}
        inputValue={remote}
        onInputChange={(_event, value) => setRemote(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Remote"
            required
            placeholder="mf_reports"
            error={error !== undefined}
            helperText={error ?? "The remote's container name: a released one, or a new one for its first release"}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 64 } }}
          />
        )}
      />
    </FormDialog>
  );
}
