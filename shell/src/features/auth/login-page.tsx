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
import { useLoginMutation } from './auth-api';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedInAlready = useAppSelector(selectIsSignedIn);
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  if (signedInAlready) return <Navigate to={controlPaths.dashboard} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ email, password });
    if ('data' in result && result.data) {
      const { token, user } = result.data;
      dispatch(signedIn({ token, user: { id: user.id, username: user.name, role: user.role, email: user.email } }));
      notify('success', 'Login Successful', 'Welcome to the admin panel');
      navigate(controlPaths.dashboard, { replace: true });
      return;
    }
    const error = readApiError(result.error);
    if (typeof error.status === 'number') notify('error', 'Login Failed', error.message ?? 'Invalid username or password');
    else notify('error', 'Error', 'An error occurred during login');
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>Paydesk Admin</Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>Sign in to the back office</Typography>
          <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
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
                      <IconButton aria-label={showPassword ? 'Hide password' : 'Show password'} onClick={() => setShowPassword((s) => !s)} edge="end">
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
        </CardContent>
      </Card>
    </Box>
  );
}
