import { formatDateTime } from '@paydesk/shared/format';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { DetailRow } from './detail-row';
import { InfoCard } from './info-card';

export function TimelineCard({ transaction: t }: { transaction: Transaction }) {
  return (
    <InfoCard title="Timeline">
      <DetailRow label="Transaction Created">{formatDateTime(t.created_at)}</DetailRow>
      <DetailRow label="Status Updated">{formatDateTime(t.updated_at)}</DetailRow>
    </InfoCard>
  );
}
