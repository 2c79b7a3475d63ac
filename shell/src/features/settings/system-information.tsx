import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@paydesk/shared/format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Stack>
  );
}

/** SET-04, CONST-09: version v1.0.0, last updated today, environment Production. */
export function SystemInformation() {
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          System Information
        </Typography>
        <Row label="Version" value="v1.0.0" />
        <Row label="Last Updated" value={formatDate(new Date())} />
        <Row label="Environment" value="Production" />
      </CardContent>
    </Card>
  );
}
