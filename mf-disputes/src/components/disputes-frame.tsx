import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';

/**
 * The shell's page area below its 64 px app bar, less the main area's padding (16 px on a phone,
 * 24 px from md up): the frame fills it, so a short page and a long one end in the same place.
 */
const pageAreaHeight = { xs: 'calc(100dvh - 64px - 2 * 16px)', md: 'calc(100dvh - 64px - 2 * 24px)' };

/** Every Disputes page: the page, then the remote's version stamp at the foot of the page area, once. */
export function DisputesFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: pageAreaHeight }} data-testid="disputes-page">
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
      <BuildTag remote="mf-disputes" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
