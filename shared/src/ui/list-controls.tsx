import type { ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name (the placeholder is not one). */
  label: string;
  maxLength: number;
  /** Shown before the text, e.g. a search icon (the icons package is the remote's). */
  icon?: ReactNode;
  /** Why the text is not searched, shown under the box. */
  error?: string;
}

/** The search box of the back-office lists. */
export function SearchField({ value, onChange, placeholder, label, maxLength, icon, error }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      sx={{ flex: '1 1 300px' }}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength },
        input: icon ? { startAdornment: <InputAdornment position="start">{icon}</InputAdornment> } : {},
      }}
    />
  );
}

interface NativeSelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  /** The raw value: parse it with the list's own schema. */
  onChange: (value: string) => void;
}

/**
 * A native select. Remotes never use MUI's menu-based Select: a MenuItem from one federation
 * container does not see the MenuList context of another's Select
 * (docs/decisions/native-selects-in-remotes.md).
 */
export function NativeSelectField<T extends string>({ label, value, options, onChange }: NativeSelectFieldProps<T>) {
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
    </TextField>
  );
}
