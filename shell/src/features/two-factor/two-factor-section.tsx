import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { readApiError } from '@paydesk/shared/api/api-error';
import type { EnrolmentData } from '@paydesk/shared/schemas/two-factor';
import { notify } from '@paydesk/shared/ui/notify';
import {
  usePasskeysQuery,
  useRegenerateRecoveryCodesMutation,
  useTwoFactorConfirmMutation,
  useTwoFactorSetupMutation,
  useTwoFactorStatusQuery,
} from '../../lib/auth-api';
import { EnrolmentPanel, RecoveryCodes } from '../../components/enrolment-panel';
import { PasswordDialog, type PasswordAnswer } from '../../components/password-dialog';

const FALLBACK = 'Something went wrong. Please try again.';
const messageOf = (error: unknown): string => readApiError(error).message ?? FALLBACK;
const failed = (error: unknown) => notify('error', 'Two-Factor Sign-In', messageOf(error));

/**
 * The signed-in user's own second factor (AUTH-10, AUTH-11), on the Settings page but outside its
 * form: the spec's settings stay local to the browser, while this is the server's real control.
 * Each change asks for the password again (AUTH-15), in a dialog that shows the server's refusal.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatusQuery(undefined);
  // A passkey is a second factor too (AUTH-18): without an app, the card must not say the password alone signs in.
  const passkeys = usePasskeysQuery(undefined).data?.length ?? 0;
  const [setup, setupState] = useTwoFactorSetupMutation();
  const [confirm, confirmState] = useTwoFactorConfirmMutation();
  const [regenerate, regenerateState] = useRegenerateRecoveryCodesMutation();
  const [asking, setAsking] = useState<'setup' | 'codes' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The set-up's password is sent again with the first code, so it is typed once; dropped when that call ends.
  const [enrolment, setEnrolment] = useState<{ data: EnrolmentData; password: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const ask = (what: 'setup' | 'codes') => {
    setRefusal(null);
    setAsking(what);
  };
  const start = async ({ password }: PasswordAnswer) => {
    setCodes(null);
    const result = await setup({ password });
    if ('data' in result && result.data) {
      setAsking(null);
      setEnrolment({ data: result.data, password });
    } else setRefusal(messageOf(result.error));
  };
  const finish = async (code: string) => {
    if (!enrolment) return;
    const result = await confirm({ code, password: enrolment.password });
    if ('data' in result && result.data) {
      // The secret is not kept once confirmed: the server never shows it again.
      setEnrolment(null);
      setCodes(result.data);
      notify('success', 'Two-Factor Sign-In On', 'You will be asked for a code when you sign in. Your other sessions were signed out.');
    } else failed(result.error);
  };
  const renew = async (answer: PasswordAnswer) => {
    const result = await regenerate(answer);
    if ('data' in result && result.data) {
      setAsking(null);
      setCodes(result.data);
      notify('success', 'Recovery Codes Replaced', 'The old recovery codes no longer work');
    } else setRefusal(messageOf(result.error));
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
              : passkeys > 0
                ? 'Off: no authenticator app is set up. Your passkeys are your second factor.'
                : 'Off: you sign in with your password only.'}
            {status.data.required && !enabled && passkeys === 0 ? ' This deployment requires it from your next sign-in.' : ''}
          </Typography>
        )}
        {codes && <RecoveryCodes codes={codes} />}
        {status.data && !enabled && !enrolment && (
          <Box>
            <Button variant="contained" onClick={() => ask('setup')}>
              Set Up Two-Factor Sign-In
            </Button>
          </Box>
        )}
        {enrolment && !enabled && (
          <EnrolmentPanel enrolment={enrolment.data} busy={confirmState.isLoading} onConfirm={(code) => void finish(code)} />
        )}
        {enabled && (
          <Box>
            <Button variant="outlined" onClick={() => ask('codes')}>
              New Recovery Codes
            </Button>
          </Box>
        )}
      </CardContent>
      {asking === 'setup' && (
        <PasswordDialog
          title="Set Up Two-Factor Sign-In"
          confirmLabel={setupState.isLoading ? 'Checking...' : 'Continue'}
          busy={setupState.isLoading}
          error={refusal}
          onSubmit={(answer) => void start(answer)}
          onClose={() => setAsking(null)}
        >
          Enter your password to set up two-factor sign-in. Once it is on, your other sessions are signed out.
        </PasswordDialog>
      )}
      {asking === 'codes' && (
        <PasswordDialog
          title="New Recovery Codes"
          withCode
          confirmLabel={regenerateState.isLoading ? 'Checking...' : 'Replace Codes'}
          busy={regenerateState.isLoading}
          error={refusal}
          onSubmit={(answer) => void renew(answer)}
          onClose={() => setAsking(null)}
        >
          Enter your password and a code from your authenticator app. Ten new recovery codes replace the old ones.
        </PasswordDialog>
      )}
    </Card>
  );
}
