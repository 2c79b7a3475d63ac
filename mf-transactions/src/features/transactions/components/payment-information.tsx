import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { formatMoney } from '@paydesk/shared/format';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { StatusBadge } from '../../../components/status-badge';
import { paymentMethod } from '../../../components/transaction-text';
import { failureReason } from '../model/failure-reason';
import { partialRefundLabel } from '../../../lib/refund-progress';
import { DetailRow } from './detail-row';
import { InfoCard } from '@paydesk/shared/ui/info-card';

const processedThrough = (t: Transaction): string =>
  t.provider_key ? `${t.provider_key.provider_name} (${t.provider_key.key_name})` : 'N/A';

/** Fee and net are as the server sent them: the real ones, or 10 % / 90 % of gross for a viewer. */
export function PaymentInformation({ transaction: t }: { transaction: Transaction }) {
  const reason = failureReason(t);
  return (
    <InfoCard title="Payment Information">
      <DetailRow label="Transaction ID">{t.transaction_id}</DetailRow>
      <DetailRow label="Amount">
        {formatMoney(t.payment_amount)} {t.currency}
      </DetailRow>
      <DetailRow label="Payment Method">{paymentMethod(t)}</DetailRow>
      <DetailRow label="Processed Through">{processedThrough(t)}</DetailRow>
      <DetailRow label="Fee">{formatMoney(t.fee_amount)}</DetailRow>
      <DetailRow label="Net Amount">{formatMoney(t.value_amount)}</DetailRow>
      <DetailRow label="Status">
        <StatusBadge status={t.status} place="details" />
      </DetailRow>
      {partialRefundLabel(t) ? <DetailRow label="Refunds">{partialRefundLabel(t)}</DetailRow> : null}
      {reason ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="failure-reason">
          <AlertTitle>Failure Reason</AlertTitle>
          {reason}
        </Alert>
      ) : null}
    </InfoCard>
  );
}
