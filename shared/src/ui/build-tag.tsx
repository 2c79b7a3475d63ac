import Typography from '@mui/material/Typography';

/** The remote's name and build, so operators can see which deploy is live. */
export function BuildTag({ remote, build }: { remote: string; build: string | undefined }) {
  return (
    <Typography variant="caption" color="text.disabled" component="p" sx={{ mt: 4 }} data-testid={`build-${remote}`}>
      {remote} {build ?? 'dev'}
    </Typography>
  );
}
