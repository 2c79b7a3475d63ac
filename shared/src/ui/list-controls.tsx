import type { ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SelectField } from './select-field';

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

interface OptionsSelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  /** The raw value: parse it with the list's own schema. */
  onChange: (value: string) => void;
}

/** A select of a list's filter or a dialog's choice: the shared SelectField with one MenuItem per option. */
export function OptionsSelectField<T extends string>({ label, value, options, onChange }: OptionsSelectFieldProps<T>) {
  return (
    <SelectField size="small" label={label} value={value} onChange={onChange} sx={{ minWidth: 180 }}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </SelectField>
  );
}

/** A list's time bound: a `datetime-local` value ('' for none), its label always raised. */
export function DateTimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="datetime-local"
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 200 }}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
