import { useState, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { CodeField } from './code-field';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';

export interface PasswordAnswer {
  password: string;
  /** The code from the authenticator app, when the dialog asks for one. */
  code: string;
}

/**
 * AUTH-15: the signed-in user's password again before a change of their second factor (TOTP or a
 * passkey), and a code of the app when the change needs one. The server's refusal (a wrong
 * password or code, the sign-in lock, the last second factor) shows in the dialog, which stays
 * open for another try.
 */
export function PasswordDialog({
  title,
  children,
  fields,
  withCode = false,
  submitColor,
  confirmLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  /** Fields the change needs besides the password (a passkey's name), shown first. */
  fields?: ReactNode;
  withCode?: boolean;
  submitColor?: 'primary' | 'error';
  confirmLabel: string;
  busy: boolean;
  /** The server's message for the last try, or null. */
  error: string | null;
  onSubmit: (answer: PasswordAnswer) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <FormDialog
      title={title}
      description={children}
      error={error}
      submit={{ label: confirmLabel, color: submitColor }}
      busy={busy}
      onSubmit={() => onSubmit({ password, code: code.trim() })}
      onClose={onClose}
    >
      {fields}
      <TextField
        label="Password"
        name="password"
        type="password"
        required
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {withCode && <CodeField label="Code from your app" value={code} onChange={setCode} recovery />}
    </FormDialog>
  );
}
