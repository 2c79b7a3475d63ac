import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { checkEndpoint, type EndpointFormErrors, type EndpointFormValues, type EndpointInput } from '../model/endpoint-form';
import { readApiError } from '@paydesk/shared/api/api-error';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { reportFailure } from '../../../lib/report-failure';
import { EventTypeCheckboxes } from './event-type-checkboxes';

interface Props {
  title: string;
  submitLabel: string;
  initial: EndpointFormValues;
  /** Sends the form; resolves to the error when the server refused it, nothing when it took it. */
  save: (input: EndpointInput) => Promise<{ error: unknown } | undefined>;
  onClose: () => void;
}

/**
 * Add endpoint and Edit endpoint (DEV-03): URL, description, event types, enabled. A URL the
 * server refuses (webhook_url_refused) is said beside the field; any other refusal in a toast.
 */
export function EndpointDialog({ title, submitLabel, initial, save, onClose }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EndpointFormErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<EndpointFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async () => {
    const checked = checkEndpoint(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const failure = await save(checked.input);
    setBusy(false);
    if (!failure) return;
    reportFailure(failure.error, 'The endpoint could not be saved');
    if (readApiError(failure.error).code === 'webhook_url_refused')
      setErrors({ url: 'This address does not take webhooks: use a public http or https address' });
  };

  return (
    <FormDialog
      title={title}
      submit={{ label: submitLabel, busyLabel: 'Saving...' }}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      noValidate
    >
      <TextField
        label="Endpoint URL"
        value={values.url}
        required
        placeholder="https://example.com/webhooks"
        onChange={(e) => change({ url: e.target.value })}
        error={errors.url !== undefined}
        helperText={errors.url}
        slotProps={{ htmlInput: { maxLength: 2048, inputMode: 'url' } }}
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={(e) => change({ description: e.target.value })}
        error={errors.description !== undefined}
        helperText={errors.description}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <EventTypeCheckboxes value={values.eventTypes} onChange={(eventTypes) => change({ eventTypes })} error={errors.eventTypes} />
      <FormControlLabel
        label="Enabled"
        control={<Switch checked={values.enabled} onChange={(e) => change({ enabled: e.target.checked })} />}
      />
    </FormDialog>
  );
}
