import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GavelIcon from '@mui/icons-material/Gavel';
import { generatePath, Link as RouterLink } from 'react-router-dom';
import { readApiError } from '@paydesk/shared/api/api-error';
import { controlPaths } from '@paydesk/shared/routes';
import { useCan, useIsDemo } from '@paydesk/shared/session/use-can';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { Loading } from '@paydesk/shared/ui/loading';
import { StatusBadge } from '../../../components/status-badge';
import { useState } from 'react';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useGetTransactionDetailsQuery } from '../api/transactions-api';
import { leftToRefundCents } from '../../../lib/refund-progress';
import { CustomerInformation } from './customer-information';
import { PaymentInformation } from './payment-information';
import { OpenDisputeDialog } from './open-dispute-dialog';
import { RefundDialog } from './refund-dialog';
import { RefundsCard } from './refunds-card';
import { TimelineCard } from './timeline-card';
import { TransactionSummaryCard } from './transaction-summary-card';

export function TransactionDetailsView({ id }: { id: string }) {
  const canRefund = useCan('transactions.refund');
  const canSeeDisputes = useCan('disputes.view');
  // Demo mode only, as the server has it: the cardholder's bank, opened by hand.
  const demo = useIsDemo();
  const canOpenDispute = useCan('disputes.manage') && demo;
  const realFigures = useCan('figures.real');
  const query = useGetTransactionDetailsQuery(id);
  useErrorToast(
    readApiError(query.error).status === 404 ? undefined : query.error,
    query.requestId,
    'Error',
    'Failed to load transaction details',
  );
  const t = query.data;
  const [refunding, setRefunding] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const left = t ? leftToRefundCents(t) : 0;
  const refund =
    canRefund && t && left > 0 ? (
      <Button variant="contained" color="error" onClick={() => setRefunding(true)}>
        Refund
      </Button>
    ) : null;
  // The payment's dispute (or inquiry) is the Disputes area's page, which the server names by id.
  const dispute =
    canSeeDisputes && t?.dispute_id ? (
      <Button
        variant="outlined"
        component={RouterLink}
        to={generatePath(controlPaths.dispute, { id: t.dispute_id })}
        startIcon={<GavelIcon />}
      >
        View dispute
      </Button>
    ) : canOpenDispute && t && !t.dispute_id && (t.status === 'success' || t.status === 'completed') ? (
      <Button variant="outlined" onClick={() => setDisputing(true)} startIcon={<GavelIcon />}>
        Open a dispute (demo)
      </Button>
    ) : null;
  const back = (
    <Button component={RouterLink} to={controlPaths.transactions} startIcon={<ArrowBackIcon />}>
      Back to Transactions
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Transaction Details"
        actions={
          <>
            {back}
            {dispute}
            {refund}
            {t ? <StatusBadge status={t.status} place="details" /> : null}
          </>
        }
      />
      {query.isLoading ? (
        <Loading />
      ) : !t ? (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
          Transaction not found
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <PaymentInformation transaction={t} />
            <CustomerInformation transaction={t} />
            {t.refunds.length > 0 ? <RefundsCard refunds={t.refunds} /> : null}
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TimelineCard transaction={t} />
            {realFigures ? <TransactionSummaryCard transaction={t} /> : null}
          </Box>
        </Box>
      )}
      {refunding && t ? <RefundDialog transaction={t} leftCents={left} onClose={() => setRefunding(false)} /> : null}
      {disputing && t ? <OpenDisputeDialog transactionId={t.transaction_id} onClose={() => setDisputing(false)} /> : null}
    </>
  );
}
