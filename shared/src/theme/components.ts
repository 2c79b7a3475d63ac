import type { Components, Theme } from '@mui/material/styles';

/** Component overrides, one category per block, merged into the theme in theme.ts. */
export const components: Components<Theme> = {
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
  MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  MuiTooltip: { defaultProps: { enterDelay: 700 } },
  MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
};
