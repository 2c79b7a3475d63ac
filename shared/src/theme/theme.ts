import { createTheme } from '@mui/material/styles';
import { components } from './components';

/**
 * The one theme: light and dark colour schemes on CSS variables, switched by a class on <html>,
 * so "follow the system" needs no reload and every container paints with the same tokens.
 */
export const appTheme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#3f51b5' },
        secondary: { main: '#00897b' },
        background: { default: '#f5f6fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8c9eff' },
        secondary: { main: '#4db6ac' },
        background: { default: '#12141c', paper: '#1b1e28' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components,
});

/** Local storage key of the theme choice (light, dark or system). */
export const THEME_MODE_KEY = 'theme-mode';
