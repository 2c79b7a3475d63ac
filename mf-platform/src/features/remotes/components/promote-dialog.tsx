import { useId, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { RemoteRelease } from '@paydesk/shared/schemas/platform';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { usePromoteReleaseMutation } from '../api/remotes-api';
import { parsePromoteForm, type Audience } from '../model/promote-form';

/**
 * Promote a release: live for everyone at their next page load, or a canary for a share of users
 * beside the live release. A running canary opens on its own share, to change it or go to everyone.
 */
export function PromoteDialog({ release, onClose }: { release: RemoteRelease; onClose: () => void }) {
  const [audience, setAudience] = useState<Audience>(release.status === 'canary' ? 'canary' : 'everyone');
  const [percent, setPercent] = useState(release.canary_percent === null ? '10' : String(release.canary_percent));
  const [error, setError] = useState<string | undefined>();
  const [promote, { isLoading }] = usePromoteReleaseMutation();
  const name = `${release.remote} ${release.version}`;
  const audienceLabel = useId();

  const submit = async () => {
    const checked = parsePromoteForm(audience, percent);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    const result = await promote({ remote: release.remote, version: release.version, percent: checked.percent });
    if ('error' in result) {
      reportFailure(result.error, `${name} could not be promoted`);
      return;
    }
    const reach = checked.percent === 100 ? 'is live for everyone' : `is a canary for ${checked.percent} % of users`;
    notify('success', result.data.message ?? 'Release promoted', `${name} ${reach} from their next page load`);
    onClose();
  };

  return (
    <FormDialog
      title={`Promote ${name}`}
      description="Browsers load it from their next page load: everyone's, or only those of the canary's share, beside the live release."
      submit={{ label: 'Promote', busyLabel: 'Promoting...' }}
      busy={isLoading}
      onSubmit={submit}
      onClose={onClose}
      noValidate
      maxWidth="xs"
    >
      <FormControl>
        <FormLabel id={audienceLabel}>Who loads it</FormLabel>
        <RadioGroup aria-labelledby={audienceLabel} value={audience} onChange={(event) => setAudience(event.target.value as Audience)}>
          <FormControlLabel value="everyone" control={<Radio />} label="Everyone" />
          <FormControlLabel value="canary" control={<Radio />} label="Canary" />
        </RadioGroup>
      </FormControl>
      {audience === 'canary' ? (
        <TextField
          label="Share of users"
          value={percent}
          required
          onChange={(event) => setPercent(event.target.value)}
          error={error !== undefined}
          helperText={error ?? 'From 1 to 99 %: each person stays in or out of the canary while it runs'}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 3 },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      ) : null}
    </FormDialog>
  );
}
