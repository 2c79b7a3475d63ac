import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BuildTag } from '@paydesk/shared/ui/page-header';

/** The standalone pay form (built out by the payments issue). */
export default function PayFormPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>Make a Payment</Typography>
          <Typography color="text.secondary">Pay securely by card in USD.</Typography>
          <BuildTag remote="mf-payments" build={process.env.PAYDESK_BUILD} />
        </CardContent>
      </Card>
    </Box>
  );
}
