import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface SelectFieldProps extends Pick<
  TextFieldProps,
  'name' | 'disabled' | 'error' | 'helperText' | 'size' | 'sx' | 'fullWidth' | 'required'
> {
  label: string;
  value: string | number;
  /** The chosen item's value as text (a number's too): parse it with the field's own schema. */
  onChange: (value: string) => void;
  /** The MenuItems. */
  children: ReactNode;
}

/**
 * MUI's Select in a labelled field, its MenuItems given as children. It works in every remote:
 * the Select and the MenuItems find each other through MUI's contexts, one of each in the page
 * (PLAT-14, docs/decisions/mui-contexts-shared-by-path.md).
 */
export function SelectField({ label, value, onChange, children, ...field }: SelectFieldProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(String(event.target.value))}
      slotProps={{ inputLabel: { shrink: true } }}
      {...field}
    >
      {children}
    </TextField>
  );
}
