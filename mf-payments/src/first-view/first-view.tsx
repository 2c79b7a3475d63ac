import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProviders } from '@paydesk/shared/ui/theme-providers';
import { appTheme } from '@paydesk/shared/theme/theme';

/** A page as the server sends it before any script: its markup, and the style tags it needs. */
export interface FirstView {
  /** Goes into the shell's `#root`, wrapped in an element marked `data-first-view`. */
  html: string;
  /** Goes at the end of `<head>`: emotion's style tags, which the page's own emotion cache adopts. */
  head: string;
  /** Whose values the server puts in place of the stand-ins (`@paydesk/shared/first-view-slots`), if any. */
  fill?: 'checkout';
}

/**
 * The theme's dark variables also under `prefers-color-scheme`: before the scripts run, nothing
 * has put the `light` or `dark` class on <html> yet (the theme switches on that class), and a
 * payer on a dark system must not see the page flash light.
 */
function darkBeforeScripts(): ReactElement {
  // A theme with CSS variables has this; its type says so only under a module augmentation.
  const sheets = (appTheme as { generateStyleSheets?: () => Record<string, unknown>[] }).generateStyleSheets?.() ?? [];
  const dark = sheets.map((sheet) => sheet['.dark']).find(Boolean);
  if (!dark) throw new Error('first view: the theme has no .dark style sheet to mirror');
  return <GlobalStyles styles={{ '@media (prefers-color-scheme: dark)': { ':root:not(.light)': dark } }} />;
}

/**
 * Before the scripts run, nothing raises a field's label when the payer is in it or has typed in it
 * (MUI does it in script): CSS does, so the label never covers what is typed. An input shows its
 * placeholder (a space, which the first view gives each input) only while it is empty.
 */
const field = (inside: string) =>
  ['focus-within', 'has(input:not(:placeholder-shown))']
    .map((state) => `[data-first-view] .MuiFormControl-root:${state} ${inside}`)
    .join(', ');
const raisedLabels = (
  <GlobalStyles
    styles={{
      [field('> .MuiInputLabel-root')]: { transform: 'translate(14px, -9px) scale(0.75)' },
      [field('legend')]: { maxWidth: '100%' },
    }}
  />
);

/** Every input with a placeholder of one space, for the rule above. */
const withPlaceholders = (html: string): string => html.replaceAll('<input ', '<input placeholder=" " ');

/**
 * Renders a page with the theme every page has, as static markup for the first response. The
 * page's scripts then replace it at their first render (the shell renders into `#root` with
 * createRoot), carrying over what the payer typed meanwhile.
 */
export function renderFirstView(page: ReactElement): FirstView {
  const cache = createCache({ key: 'css' });
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProviders toasts={null}>
        {darkBeforeScripts()}
        {raisedLabels}
        {page}
      </ThemeProviders>
    </CacheProvider>,
  );
  const head = server.constructStyleTagsFromChunks(server.extractCriticalToChunks(html));
  return { html: withPlaceholders(html), head };
}
