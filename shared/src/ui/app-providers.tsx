import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { appTheme, THEME_MODE_KEY } from '../theme/theme';
import type { AppStore } from '../store';

/** Store, theme and toasts: mounted once by the shell, and by each remote's standalone bootstrap. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={appTheme} defaultMode="system" modeStorageKey={THEME_MODE_KEY} noSsr>
        <CssBaseline enableColorScheme />
        <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
