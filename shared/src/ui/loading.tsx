import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The one loading indicator: a spinner in its area, or in the middle of the screen with `fill`. */
export function Loading({ label = 'Loading', fill = false }: { label?: string; fill?: boolean }) {
  return (
    <Box
      sx={fill ? { minHeight: '100vh', display: 'grid', placeItems: 'center' } : { display: 'flex', justifyContent: 'center', py: 6 }}
      role="status"
      aria-label={label}
    >
      <CircularProgress />
    </Box>
  );
}
