import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface FormFieldProps {
  /** Names the input in the page (`data-field`), never as a form `name`: nothing is ever submitted by the browser itself. */
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  startAdornment?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
  /** Drawn as invalid (and `aria-invalid`) while true. */
  error?: boolean;
}

/**
 * A required outlined text field, as MUI's TextField draws it (the same FormControl, InputLabel
 * and OutlinedInput, with the theme's TextField defaults: full width, small). TextField itself
 * also imports Select, and with it Menu, Popover and Modal, about 18 KB gzip that the pay form
 * would load before it is usable and never use.
 */
export function FormField({ field, label, value, onChange, type, autoComplete, startAdornment, inputMode, error = false }: FormFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth size="small" required error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        type={type}
        autoComplete={autoComplete}
        startAdornment={startAdornment}
        inputProps={{ 'data-field': field, ...(inputMode && { inputMode }) }}
      />
    </FormControl>
  );
}
