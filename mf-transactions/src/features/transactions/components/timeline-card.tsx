import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { TransactionDetails } from '@paydesk/shared/schemas/transaction';
import { DetailRow } from './detail-row';
import { InfoCard } from '@paydesk/shared/ui/info-card';

interface Event {
  label: string;
  at: string;
}

/** The refunds' events: each one's request, and its success or failure once settled. */
function refundEvents(t: TransactionDetails): Event[] {
  return t.refunds.flatMap((r) => {
    const created = { label: `Refund of ${formatMoney(r.amount)} created`, at: r.created_at };
    if (!r.settled_at) return [created];
    return [created, { label: `Refund of ${formatMoney(r.amount)} ${r.status === 'failed' ? 'failed' : 'succeeded'}`, at: r.settled_at }];
  });
}

export function TimelineCard({ transaction: t }: { transaction: TransactionDetails }) {
  const events = refundEvents(t).sort((a, b) => a.at.localeCompare(b.at));
  return (
    <InfoCard title="Timeline">
      <DetailRow label="Transaction Created">{formatDateTime(t.created_at)}</DetailRow>
      <DetailRow label="Status Updated">{formatDateTime(t.updated_at)}</DetailRow>
      {events.map((e, i) => (
        <DetailRow key={`${e.label}-${i}`} label={e.label}>
          {formatDateTime(e.at)}
        </DetailRow>
      ))}
    </InfoCard>
  );
}
