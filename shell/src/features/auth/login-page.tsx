import { useCallback, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { readApiError } from '@paydesk/shared/api/api-error';
import { controlPaths } from '@paydesk/shared/routes';
import { selectIsSignedIn, signedIn } from '@paydesk/shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '@paydesk/shared/store';
import { notify } from '@paydesk/shared/ui/notify';
import type { SignedInData } from '@paydesk/shared/schemas/auth';
import {
  useLoginMutation,
  useLoginTwoFactorMutation,
  usePasskeySignInMutation,
  usePasskeySignInOptionsMutation,
  usePasskeyStepMutation,
  usePasskeyStepOptionsMutation,
} from '../../lib/auth-api';
import { passkeysUsable, signWithPasskey, type PromptOutcome } from '../../lib/passkey-prompt';
import { EnrolmentStep } from './login-enrolment';
import { usePasskeyAutofill } from './login-passkey-autofill';
import { SecondFactorStep, type Factor } from './login-second-factor';

/** What follows a correct password for a user with a second factor (AUTH-12, AUTH-18) or one required to enrol (AUTH-14, AUTH-22). */
type SecondStep = { next: 'code'; challenge: string; factors: Factor[] } | { next: 'enrol'; challenge: string };

function reportFailure(error: unknown) {
  const failure = readApiError(error);
  if (typeof failure.status === 'number') notify('error', 'Login Failed', failure.message ?? 'Invalid username or password');
  else notify('error', 'Error', 'An error occurred during login');
}

/** A prompt that did not end with a passkey: closed by the person, or failed in a way its message says. */
function reportPrompt(outcome: Extract<PromptOutcome<unknown>, { ok: false }>) {
  if (outcome.cancelled) notify('info', 'Passkey Not Used', outcome.message);
  else notify('error', 'Login Failed', outcome.message);
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
  const [passkeyOptions] = usePasskeySignInOptionsMutation();
  const [passkeySignIn] = usePasskeySignInMutation();
  const [stepOptions] = usePasskeyStepOptionsMutation();
  const [passkeyStep] = usePasskeyStepMutation();
  // The prompt and the calls around it, as one wait: the button says so and is not pressed twice.
  const [withPasskey, setWithPasskey] = useState(false);

  const enter = useCallback(
    ({ token, user }: SignedInData) => {
      dispatch(signedIn({ token, user: { id: user.id, username: user.name, role: user.role, email: user.email } }));
      notify('success', 'Login Successful', 'Welcome to the admin panel');
      navigate(controlPaths.dashboard, { replace: true });
    },
    [dispatch, navigate],
  );
  // A challenge that expired or was refused sends the user back to the password.
  const failedStep = useCallback((error: unknown) => {
    reportFailure(error);
    const { code } = readApiError(error);
    if (code === 'two_factor_challenge_expired' || code === 'rate_limited') setStep(null);
  }, []);

  /** AUTH-19: the answer of a discoverable passkey alone, with the attempt its options were bound to. */
  const finishPasskeySignIn = useCallback(
    async (attempt: string, response: unknown) => {
      const result = await passkeySignIn({ attempt, response });
      if ('data' in result && result.data) enter(result.data);
      else reportFailure(result.error);
    },
    [passkeySignIn, enter],
  );
  // AUTH-23: a passkey picked in the e-mail field's autofill, while nothing else is under way.
  usePasskeyAutofill(!signedInAlready && !step && !isLoading && !withPasskey, finishPasskeySignIn);

  if (signedInAlready) return <Navigate to={controlPaths.dashboard} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ email, password });
    if ('data' in result && result.data) {
      const data = result.data;
      if ('token' in data) return enter(data);
      setPassword('');
      setStep(
        data.next === 'code'
          ? { next: 'code', challenge: data.challenge, factors: data.factors }
          : { next: 'enrol', challenge: data.challenge },
      );
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

  /** AUTH-19: a discoverable passkey alone; the server's options are bound to the attempt they came with. */
  const signInWithPasskey = async () => {
    setWithPasskey(true);
    try {
      const started = await passkeyOptions(undefined);
      if (!('data' in started) || !started.data) return reportFailure(started.error);
      const prompt = await signWithPasskey(started.data.options);
      if (!prompt.ok) return reportPrompt(prompt);
      await finishPasskeySignIn(started.data.attempt, prompt.response);
    } finally {
      setWithPasskey(false);
    }
  };

  /** AUTH-18: a passkey as the second step, bound to this sign-in's challenge. */
  const confirmWithPasskey = async () => {
    if (step?.next !== 'code') return;
    setWithPasskey(true);
    try {
      const started = await stepOptions({ challenge: step.challenge });
      if (!('data' in started) || !started.data) return failedStep(started.error);
      const prompt = await signWithPasskey(started.data);
      if (!prompt.ok) return reportPrompt(prompt);
      const result = await passkeyStep({ challenge: step.challenge, response: prompt.response });
      if ('data' in result && result.data) enter(result.data);
      else failedStep(result.error);
    } finally {
      setWithPasskey(false);
    }
  };

  const secondStep =
    step &&
    (step.next === 'code' ? (
      <SecondFactorStep
        factors={step.factors}
        busy={verifyState.isLoading}
        passkeyBusy={withPasskey}
        onSubmit={(code) => void submitCode(code)}
        onPasskey={() => void confirmWithPasskey()}
        onBack={() => setStep(null)}
      />
    ) : (
      <EnrolmentStep challenge={step.challenge} onSignedIn={enter} onFailure={failedStep} onPrompt={reportPrompt} />
    ));

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
              // AUTH-23: the browser lists passkeys in this field's autofill too.
              autoComplete="username webauthn"
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
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Signing in...' : 'Sign In'}
            </Button>
          </Box>
          {!step && passkeysUsable() && (
            <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
              <Divider>or</Divider>
              <Button
                variant="outlined"
                size="large"
                startIcon={<KeyOutlined />}
                disabled={withPasskey}
                onClick={() => void signInWithPasskey()}
              >
                {withPasskey ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
