import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { TransactionDetailsView } from '../features/transactions/components/transaction-details-view';

export default function TransactionDetailsPage() {
  const { id = '' } = useParams();
  return (
    <Box>
      <TransactionDetailsView key={id} id={id} />
      <BuildTag remote="mf-transactions" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
