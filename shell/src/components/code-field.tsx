import TextField from '@mui/material/TextField';

/**
 * The one field for a code from an authenticator app (or, where `recovery`, a recovery code too):
 * the browser may offer a one-time code from the system, and a code only of digits asks for the
 * number pad.
 */
export function CodeField({
  label,
  value,
  onChange,
  recovery = false,
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="code"
      required
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={recovery ? undefined : { htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 } }}
    />
  );
}
