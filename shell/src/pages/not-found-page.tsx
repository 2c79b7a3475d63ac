import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export default function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <Box>
        <Typography variant="h1" sx={{ fontWeight: 800, color: 'primary.main' }}>
          404
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          Oops! Page not found
        </Typography>
        <Link component={RouterLink} to="/">
          Return to Home
        </Link>
      </Box>
    </Box>
  );
}
