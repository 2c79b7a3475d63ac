import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A list's rows as cards below the breakpoint where `DataTable` gives way (its `cards` option):
 * one card per row, stacked, so a phone never scrolls sideways.
 */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

/** One row's card; minmax(0, 1fr): a long word or id breaks inside the card instead of widening it. */
export function ListCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}
    >
      {children}
    </Box>
  );
}
