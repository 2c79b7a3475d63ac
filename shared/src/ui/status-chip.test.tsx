import { render, screen } from '@testing-library/react';
import { getContrastRatio, type Palette } from '@mui/material/styles';
import { AA, over } from '../testing/contrast';
import { keepStyleRules } from '../testing/style-rules';
import { appTheme } from '../theme/theme';
import { StatusChip, statusTones } from './status-chip';

// These tests read styles that classes set.
keepStyleRules();

const schemes = (appTheme as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> }).colorSchemes;

test('every tone has AA contrast in both themes', () => {
  const short: string[] = [];
  for (const [tone, look] of Object.entries(statusTones)) {
    for (const scheme of ['light', 'dark'] as const) {
      const { palette } = schemes[scheme];
      let pair: [string, string];
      if ('sx' in look) pair = [look.sx.color, look.sx.bgcolor];
      else if (look.color === 'default') {
        const chip = over(palette.action.selected, palette.background.paper);
        pair = [over(palette.text.primary, chip), chip];
      } else pair = [palette[look.color].contrastText, palette[look.color].main];
      if (getContrastRatio(...pair) < AA) short.push(`${tone} in ${scheme}: ${pair.join(' on ')}`);
    }
  }
  expect(short).toEqual([]);
});

test('a palette tone is the chip colour of the theme; a badge colour is its fixed pair', () => {
  render(
    <>
      <StatusChip label="Active" tone="success" data-testid="palette" />
      <StatusChip label="Pending" tone="yellow" data-testid="badge" data-colour="yellow" />
    </>,
  );
  expect(screen.getByTestId('palette').className).toContain('MuiChip-colorSuccess');
  expect(screen.getByTestId('palette').textContent).toBe('Active');
  const badge = screen.getByTestId('badge');
  expect(badge.className).toContain('MuiChip-colorDefault');
  expect(badge.dataset.colour).toBe('yellow');
  expect(getComputedStyle(badge).backgroundColor).toBe('rgb(255, 202, 40)');
});
