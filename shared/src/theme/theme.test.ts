import { getContrastRatio, type Palette, type PaletteColor } from '@mui/material/styles';
import { AA, over } from '../testing/contrast';
import { appTheme } from './theme';

const schemes = (appTheme as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> }).colorSchemes;
const colours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

/**
 * A contained button paints its text on `main` and, under the pointer, on `dark`: both must read
 * at AA in both schemes (a payer's pointer rests on the result page's button after paying).
 */
test.each(['light', 'dark'] as const)('every colour reads at AA on its main and hover shades (%s)', (scheme) => {
  const short: string[] = [];
  for (const name of colours) {
    const colour = schemes[scheme].palette[name] as PaletteColor;
    for (const shade of ['main', 'dark'] as const) {
      // contrastText may be translucent (rgba(0, 0, 0, 0.87)): painted over the shade.
      const text = over(colour.contrastText, colour[shade]);
      const ratio = getContrastRatio(text, colour[shade]);
      if (ratio < AA) short.push(`${name}.${shade} ${colour[shade]}: ${ratio.toFixed(2)}`);
    }
  }
  expect(short).toEqual([]);
});
