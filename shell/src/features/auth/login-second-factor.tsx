import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { CodeField } from '../../components/code-field';
import { passkeysUsable } from '../../lib/passkey-prompt';

export type Factor = 'code' | 'passkey';

/** AUTH-12, AUTH-18: the code of the authenticator app or a recovery code, and/or a passkey, as the user has them. */
export function SecondFactorStep({
  factors,
  busy,
  passkeyBusy,
  onSubmit,
  onPasskey,
  onBack,
}: {
  factors: Factor[];
  busy: boolean;
  passkeyBusy: boolean;
  onSubmit: (code: string) => void;
  onPasskey: () => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  const withCode = factors.includes('code');
  const withPasskey = factors.includes('passkey') && passkeysUsable();
  const passkeyButton = withPasskey && (
    <Button
      variant={withCode ? 'outlined' : 'contained'}
      size="large"
      startIcon={<KeyOutlined />}
      disabled={passkeyBusy}
      onClick={onPasskey}
      autoFocus={!withCode}
    >
      {passkeyBusy ? 'Waiting for your passkey...' : 'Use a Passkey'}
    </Button>
  );
  if (!withCode)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          {withPasskey
            ? 'Confirm it is you with one of your passkeys.'
            : 'Your second factor is a passkey, which this browser or address cannot use. Open the back office in a browser that supports passkeys.'}
        </Typography>
        {passkeyButton}
        <Button onClick={onBack}>Back to Sign In</Button>
      </Box>
    );
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        {withPasskey
          ? 'Enter the 6-digit code from your authenticator app or one of your recovery codes, or use a passkey.'
          : 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'}
      </Typography>
      <CodeField label="Verification code" value={code} onChange={setCode} recovery autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      {passkeyButton}
      <Button onClick={onBack}>Back to Sign In</Button>
    </Box>
  );
}
