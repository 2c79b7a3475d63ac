import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { readApiError } from '@paydesk/shared/api/api-error';
import { controlPaths } from '@paydesk/shared/routes';
import { selectIsSignedIn, signedIn } from '@paydesk/shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '@paydesk/shared/store';
import { notify } from '@paydesk/shared/ui/notify';
import type { SignedInData } from '@paydesk/shared/schemas/auth';
import type { EnrolmentData } from '@paydesk/shared/schemas/two-factor';
import { CodeField } from '../../components/code-field';
import { EnrolmentPanel, RecoveryCodes } from '../../components/enrolment-panel';
import {
  useLoginMutation,
  useLoginTwoFactorMutation,
  useRequiredEnrolmentConfirmMutation,
  useRequiredEnrolmentSetupMutation,
} from '../../lib/auth-api';

/** What follows a correct password for a user with a second factor (AUTH-12) or one required to enrol (AUTH-14). */
type SecondStep =
  | { next: 'code'; challenge: string }
  | { next: 'enrol'; challenge: string; enrolment?: EnrolmentData; done?: { session: SignedInData; codes: string[] } };

function reportFailure(error: unknown) {
  const failure = readApiError(error);
  if (typeof failure.status === 'number') notify('error', 'Login Failed', failure.message ?? 'Invalid username or password');
  else notify('error', 'Error', 'An error occurred during login');
}

/** AUTH-12: the code of the authenticator app, or a recovery code. */
function CodeStep({ busy, onSubmit, onBack }: { busy: boolean; onSubmit: (code: string) => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Typography>
      <CodeField label="Verification code" value={code} onChange={setCode} recovery autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button onClick={onBack}>Back to Sign In</Button>
    </Box>
  );
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedInAlready = useAppSelector(selectIsSignedIn);
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(null);
  const [verify, verifyState] = useLoginTwoFactorMutation();
  const [setupRequired, setupState] = useRequiredEnrolmentSetupMutation();
  const [confirmRequired, confirmState] = useRequiredEnrolmentConfirmMutation();

  if (signedInAlready) return <Navigate to={controlPaths.dashboard} replace />;

  const enter = ({ token, user }: SignedInData) => {
    dispatch(signedIn({ token, user: { id: user.id, username: user.name, role: user.role, email: user.email } }));
    notify('success', 'Login Successful', 'Welcome to the admin panel');
    navigate(controlPaths.dashboard, { replace: true });
  };
  // A challenge that expired or was refused sends the user back to the password.
  const failedStep = (error: unknown) => {
    reportFailure(error);
    const { code } = readApiError(error);
    if (code === 'two_factor_challenge_expired' || code === 'rate_limited') setStep(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ email, password });
    if ('data' in result && result.data) {
      const data = result.data;
      if ('token' in data) return enter(data);
      setPassword('');
      if (data.next === 'code') return setStep({ next: 'code', challenge: data.challenge });
      const setup = await setupRequired({ challenge: data.challenge });
      if ('data' in setup && setup.data) setStep({ next: 'enrol', challenge: data.challenge, enrolment: setup.data });
      else failedStep(setup.error);
      return;
    }
    reportFailure(result.error);
  };

  const submitCode = async (code: string) => {
    if (!step) return;
    const result = await verify({ challenge: step.challenge, code });
    if ('data' in result && result.data) enter(result.data);
    else failedStep(result.error);
  };

  const confirmEnrolment = async (code: string) => {
    if (step?.next !== 'enrol') return;
    const result = await confirmRequired({ challenge: step.challenge, code });
    if ('data' in result && result.data) {
      const { recovery_codes, ...session } = result.data;
      setStep({ ...step, done: { session, codes: recovery_codes } });
    } else failedStep(result.error);
  };

  const secondStep =
    step &&
    (step.next === 'code' ? (
      <CodeStep busy={verifyState.isLoading} onSubmit={(code) => void submitCode(code)} onBack={() => setStep(null)} />
    ) : step.done ? (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RecoveryCodes codes={step.done.codes} />
        <Button variant="contained" size="large" onClick={() => step.done && enter(step.done.session)}>
          Continue
        </Button>
      </Box>
    ) : step.enrolment ? (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>Two-factor sign-in is required for your account. Set it up to continue.</Typography>
        <EnrolmentPanel enrolment={step.enrolment} busy={confirmState.isLoading} onConfirm={(code) => void confirmEnrolment(code)} />
      </Box>
    ) : null);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Paydesk Admin
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {step ? 'Two-factor sign-in' : 'Sign in to the back office'}
          </Typography>
          {secondStep}
          <Box component="form" onSubmit={submit} sx={{ display: step ? 'none' : 'grid', gap: 2 }}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? 'Hide password' : 'Show password'}
                        onClick={() => setShowPassword((s) => !s)}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="contained" size="large" disabled={isLoading || setupState.isLoading}>
              {isLoading || setupState.isLoading ? 'Signing in...' : 'Sign In'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
