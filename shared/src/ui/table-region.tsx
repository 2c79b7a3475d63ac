import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';

/**
 * The one container of a data table: a named region that takes keyboard focus, so a table wider
 * than the screen (long ids, a phone) scrolls from the keyboard too (WCAG 2.1.1).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      {children}
    </TableContainer>
  );
}
