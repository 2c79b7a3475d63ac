import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import type { SignedInData } from '@paydesk/shared/schemas/auth';
import type { EnrolmentData } from '@paydesk/shared/schemas/two-factor';
import { passkeyName } from '@paydesk/shared/schemas/passkeys';
import { notify } from '@paydesk/shared/ui/notify';
import { EnrolmentPanel, RecoveryCodes } from '../../components/enrolment-panel';
import { useRequiredEnrolmentConfirmMutation, useRequiredEnrolmentSetupMutation } from '../../lib/auth-api';
import { usePasskeyEnrolmentMutation, usePasskeyEnrolmentOptionsMutation } from '../../lib/passkey-enrolment-api';
import { createPasskey, passkeysUsable, type PromptOutcome } from '../../lib/passkey-prompt';

type Choice =
  | { method: 'choose' }
  | { method: 'app'; enrolment: EnrolmentData; done?: { session: SignedInData; codes: string[] } }
  | { method: 'passkey' };

export const PASSKEY_ONLY_FACTOR =
  'Your passkey is your second factor. Add a second passkey or an authenticator app in Settings, so that losing this device does not lock you out.';

/**
 * AUTH-14, AUTH-22: REQUIRE_TWO_FACTOR and no second factor yet. The person chooses an
 * authenticator app (TOTP, with recovery codes shown once) or a passkey, as equals; a page that
 * cannot use passkeys offers the app alone. Either ends in the session.
 */
export function EnrolmentStep({
  challenge,
  onSignedIn,
  onFailure,
  onPrompt,
}: {
  challenge: string;
  onSignedIn: (session: SignedInData) => void;
  /** A refused call: the page says why, and goes back to the password when the challenge is gone. */
  onFailure: (error: unknown) => void;
  onPrompt: (outcome: Extract<PromptOutcome<unknown>, { ok: false }>) => void;
}) {
  const withPasskey = passkeysUsable();
  const [choice, setChoice] = useState<Choice>({ method: 'choose' });
  const [setup, setupState] = useRequiredEnrolmentSetupMutation();
  const [confirm, confirmState] = useRequiredEnrolmentConfirmMutation();

  const chooseApp = async () => {
    const result = await setup({ challenge });
    if ('data' in result && result.data) setChoice({ method: 'app', enrolment: result.data });
    else onFailure(result.error);
  };

  const confirmCode = async (code: string) => {
    if (choice.method !== 'app') return;
    const result = await confirm({ challenge, code });
    if ('data' in result && result.data) {
      const { recovery_codes, ...session } = result.data;
      setChoice({ ...choice, done: { session, codes: recovery_codes } });
    } else onFailure(result.error);
  };

  if (choice.method === 'passkey')
    return (
      <PasskeyEnrolment
        challenge={challenge}
        onSignedIn={onSignedIn}
        onFailure={onFailure}
        onPrompt={onPrompt}
        onBack={() => setChoice({ method: 'choose' })}
      />
    );
  if (choice.method === 'choose')
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          {withPasskey
            ? 'Two-factor sign-in is required for your account. Choose how you will confirm it is you, to continue.'
            : 'Two-factor sign-in is required for your account. Set up an authenticator app to continue.'}
        </Typography>
        {withPasskey && (
          <Button variant="outlined" size="large" startIcon={<KeyOutlined />} onClick={() => setChoice({ method: 'passkey' })}>
            Use a Passkey
          </Button>
        )}
        <Button
          variant="outlined"
          size="large"
          startIcon={<PhonelinkLockOutlined />}
          disabled={setupState.isLoading}
          onClick={() => void chooseApp()}
        >
          Use an Authenticator App
        </Button>
      </Box>
    );
  if (choice.done) {
    const { session } = choice.done;
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RecoveryCodes codes={choice.done.codes} />
        <Button variant="contained" size="large" onClick={() => onSignedIn(session)}>
          Continue
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>Two-factor sign-in is required for your account. Set it up to continue.</Typography>
      <EnrolmentPanel enrolment={choice.enrolment} busy={confirmState.isLoading} onConfirm={(code) => void confirmCode(code)} />
      <Button onClick={() => setChoice({ method: 'choose' })}>Back</Button>
    </Box>
  );
}

/** AUTH-22: the new passkey's name, then the browser's prompt; options and answer bound to the enrolment's challenge. */
function PasskeyEnrolment({
  challenge,
  onSignedIn,
  onFailure,
  onPrompt,
  onBack,
}: {
  challenge: string;
  onSignedIn: (session: SignedInData) => void;
  onFailure: (error: unknown) => void;
  onPrompt: (outcome: Extract<PromptOutcome<unknown>, { ok: false }>) => void;
  onBack: () => void;
}) {
  const [name, setName] = useState('Passkey');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [options] = usePasskeyEnrolmentOptionsMutation();
  const [enrol] = usePasskeyEnrolmentMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const started = await options({ challenge });
      if (!('data' in started) || !started.data) return onFailure(started.error);
      const created = await createPasskey(started.data);
      if (!created.ok) return onPrompt(created);
      const result = await enrol({ challenge, name: parsed.data, response: created.response as never });
      if (!('data' in result) || !result.data) return onFailure(result.error);
      notify('info', 'Passkey Added', PASSKEY_ONLY_FACTOR);
      onSignedIn(result.data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2 }} noValidate>
      <Typography>
        Your device will ask for your fingerprint, face or PIN, and keep a passkey for this site. Name it to tell it apart from the passkeys
        you add later.
      </Typography>
      <TextField
        label="Passkey name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
      <Button type="submit" variant="contained" size="large" startIcon={<KeyOutlined />} disabled={busy}>
        {busy ? 'Waiting for your passkey...' : 'Create Passkey'}
      </Button>
      <Button onClick={onBack} disabled={busy}>
        Back
      </Button>
    </Box>
  );
}
