import { decomposeColor, recomposeColor } from '@mui/material/styles';

/** WCAG AA's contrast for text. */
export const AA = 4.5;

/** A translucent colour (a chip's tint, MUI's rgba text) as painted over an opaque one. */
export function over(top: string, below: string): string {
  const a = decomposeColor(top);
  const b = decomposeColor(below);
  const alpha = a.values[3] ?? 1;
  const values = [0, 1, 2].map((i) => Math.round(a.values[i]! * alpha + b.values[i]! * (1 - alpha))) as [number, number, number];
  return recomposeColor({ type: 'rgb', values });
}
