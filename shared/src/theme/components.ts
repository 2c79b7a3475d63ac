import type { Components, Theme } from '@mui/material/styles';

/** Component overrides, one category per block, merged into the theme in theme.ts. */
export const components: Components<Theme> = {
  // Motion follows the system: with reduced motion asked for, transitions, ripples and animations
  // end at once (a progress indicator then stands still; its role still says it is busy).
  MuiCssBaseline: {
    styleOverrides: {
      '@media (prefers-reduced-motion: reduce)': {
        '*, *::before, *::after': {
          animationDuration: '0.01ms !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0.01ms !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
  MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  MuiTooltip: { defaultProps: { enterDelay: 700 } },
  MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
};
