import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Toasts } from '@paydesk/shared/ui/notify';
import { appTheme, THEME_MODE_KEY } from '../theme/theme';

/**
 * Theme, CSS baseline and the toast host: what every page has, payer pages included. The store
 * is not here: a payer page renders without it and loads it with the first part that needs it
 * (ui/with-store.tsx). The toast host loads on demand unless `toasts` brings one.
 */
export function ThemeProviders({ children, toasts = <Toasts /> }: { children: ReactNode; toasts?: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme} defaultMode="system" modeStorageKey={THEME_MODE_KEY} noSsr>
      <CssBaseline enableColorScheme />
      {children}
      {toasts}
    </ThemeProvider>
  );
}
