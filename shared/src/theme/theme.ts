import { createTheme } from '@mui/material/styles';
import { components } from './components';

/**
 * WCAG AA's contrast for text: MUI picks the text colour on a coloured surface (a chip, a button)
 * with at least this contrast, where its default of 3 put white on orange and on light red. The
 * tones are chosen so that the chosen text, as painted, passes on `main` and on `dark` (theme.test.ts).
 */
const AA_TEXT_CONTRAST = 4.5;

/**
 * The one theme: light and dark colour schemes on CSS variables, switched by a class on <html>,
 * so "follow the system" needs no reload and every container paints with the same tokens.
 */
export const appTheme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold: AA_TEXT_CONTRAST,
        primary: { main: '#3f51b5' },
        secondary: { main: '#00796b' },
        info: { main: '#0277bd' },
        background: { default: '#f5f6fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        contrastThreshold: AA_TEXT_CONTRAST,
        // Dark text on light tones; each `dark`, a contained button's hover, stays light enough for it.
        primary: { main: '#8c9eff', dark: '#7080d8' },
        secondary: { main: '#4db6ac', dark: '#43a098' },
        error: { main: '#f44336', dark: '#e04a3f' },
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
