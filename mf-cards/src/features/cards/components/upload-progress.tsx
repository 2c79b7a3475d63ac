import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

const PERCENT = 100;

/** While the file goes up: the share sent (0 to 1); then the server reads it: `processing`. */
export type UploadPhase = { kind: 'sending'; sent: number } | { kind: 'processing' };

export function UploadProgress({ phase }: { phase: UploadPhase }) {
  if (phase.kind === 'processing') {
    return (
      <Box role="status">
        <LinearProgress aria-label="Processing" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Processing…
        </Typography>
      </Box>
    );
  }
  const percent = Math.round(Math.min(Math.max(phase.sent, 0), 1) * PERCENT);
  return (
    <Box role="status">
      <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Uploading… {percent}%
      </Typography>
    </Box>
  );
}
