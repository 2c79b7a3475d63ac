import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { TransactionMonitoring } from '../features/transactions/components/transaction-monitoring';

export default function TransactionsPage() {
  return (
    <Box>
      <TransactionMonitoring />
      <BuildTag remote="mf-transactions" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
