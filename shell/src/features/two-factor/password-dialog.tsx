import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

export interface PasswordAnswer {
  password: string;
  /** The code from the authenticator app, when the dialog asks for one. */
  code: string;
}

/**
 * AUTH-15: the signed-in user's password again before a change of their second factor, and a
 * code of the app when the change needs one. The server's refusal (a wrong password or code, the
 * sign-in lock) shows in the dialog, which stays open for another try.
 */
export function PasswordDialog({
  title,
  children,
  withCode = false,
  confirmLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  withCode?: boolean;
  confirmLabel: string;
  busy: boolean;
  /** The server's message for the last try, or null. */
  error: string | null;
  onSubmit: (answer: PasswordAnswer) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ password, code: code.trim() });
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <Box component="form" onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={`${id}-text`}>{children}</DialogContentText>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label="Password"
            name="password"
            type="password"
            required
            autoFocus
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {withCode && (
            <TextField
              label="Code from your app"
              name="code"
              required
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
