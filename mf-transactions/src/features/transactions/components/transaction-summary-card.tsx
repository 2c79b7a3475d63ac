import { formatMoney } from '@paydesk/shared/format';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { DetailRow } from './detail-row';
import { InfoCard } from '@paydesk/shared/ui/info-card';

/** Gross, fee and net. Never rendered for a viewer (TXN-14, ROLE-04). */
export function TransactionSummaryCard({ transaction: t }: { transaction: Transaction }) {
  return (
    <InfoCard title="Transaction Summary">
      <DetailRow label="Gross Amount">{formatMoney(t.payment_amount)}</DetailRow>
      <DetailRow label="Processing Fee">{formatMoney(t.fee_amount)}</DetailRow>
      <DetailRow label="Net Amount">{formatMoney(t.value_amount)}</DetailRow>
    </InfoCard>
  );
}
