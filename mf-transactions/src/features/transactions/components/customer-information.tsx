import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { DetailRow } from './detail-row';
import { InfoCard } from '@paydesk/shared/ui/info-card';

export function CustomerInformation({ transaction: t }: { transaction: Transaction }) {
  return (
    <InfoCard title="Customer Information">
      <DetailRow label="Name">
        {t.first_name} {t.last_name}
      </DetailRow>
      <DetailRow label="Email">{t.email}</DetailRow>
      <DetailRow label="Phone">{t.phone}</DetailRow>
    </InfoCard>
  );
}
