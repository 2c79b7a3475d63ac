import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { AuditLogView } from '../features/audit/components/audit-log-view';

export default function AuditPage() {
  return (
    <Box>
      <AuditLogView />
      <BuildTag remote="mf-users" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
