import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { readApiError } from '@paydesk/shared/api/api-error';
import type { EnrolmentData } from '@paydesk/shared/schemas/two-factor';
import { notify } from '@paydesk/shared/ui/notify';
import {
  useRegenerateRecoveryCodesMutation,
  useTwoFactorConfirmMutation,
  useTwoFactorSetupMutation,
  useTwoFactorStatusQuery,
} from '../auth/auth-api';
import { EnrolmentPanel, RecoveryCodes } from './enrolment-panel';

const failed = (error: unknown) =>
  notify('error', 'Two-Factor Sign-In', readApiError(error).message ?? 'Something went wrong. Please try again.');

/** Ten new recovery codes for a current code of the app (AUTH-11). */
function RegenerateCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [regenerate, { isLoading }] = useRegenerateRecoveryCodesMutation();
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await regenerate({ code: code.trim() });
    if ('data' in result && result.data) {
      setCode('');
      onCodes(result.data);
      notify('success', 'Recovery Codes Replaced', 'The old recovery codes no longer work');
    } else failed(result.error);
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        size="small"
        label="Code from your app"
        name="code"
        required
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="outlined" disabled={isLoading}>
        New Recovery Codes
      </Button>
    </Box>
  );
}

/**
 * The signed-in user's own second factor (AUTH-10, AUTH-11), on the Settings page but outside its
 * form: the spec's settings stay local to the browser, while this is the server's real control.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatusQuery(undefined);
  const [setup, setupState] = useTwoFactorSetupMutation();
  const [confirm, confirmState] = useTwoFactorConfirmMutation();
  const [enrolment, setEnrolment] = useState<EnrolmentData | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    setCodes(null);
    const result = await setup(undefined);
    if ('data' in result && result.data) setEnrolment(result.data);
    else failed(result.error);
  };
  const finish = async (code: string) => {
    const result = await confirm({ code });
    if ('data' in result && result.data) {
      // The secret is not kept once confirmed: the server never shows it again.
      setEnrolment(null);
      setCodes(result.data);
      notify('success', 'Two-Factor Sign-In On', 'You will be asked for a code when you sign in');
    } else failed(result.error);
  };

  const enabled = status.data?.enabled === true;
  return (
    <Card component="section" aria-labelledby="two-factor-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="two-factor-title" variant="h6" component="h2">
          Two-factor sign-in
        </Typography>
        {status.isLoading && <Typography color="text.secondary">Loading...</Typography>}
        {status.data && (
          <Typography data-testid="two-factor-status">
            {enabled
              ? `On: you sign in with your password and a code from your authenticator app. ${status.data.recovery_codes_left} recovery codes left.`
              : 'Off: you sign in with your password only.'}
            {status.data.required && !enabled ? ' This deployment requires it from your next sign-in.' : ''}
          </Typography>
        )}
        {codes && <RecoveryCodes codes={codes} />}
        {status.data && !enabled && !enrolment && (
          <Box>
            <Button variant="contained" onClick={() => void start()} disabled={setupState.isLoading}>
              Set Up Two-Factor Sign-In
            </Button>
          </Box>
        )}
        {enrolment && !enabled && (
          <EnrolmentPanel enrolment={enrolment} busy={confirmState.isLoading} onConfirm={(code) => void finish(code)} />
        )}
        {enabled && <RegenerateCodes onCodes={setCodes} />}
      </CardContent>
    </Card>
  );
}
