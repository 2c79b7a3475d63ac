import { controlPaths } from '@paydesk/shared/routes';
import { useCan } from '@paydesk/shared/session/use-can';
import { AreaTabs } from '@paydesk/shared/ui/area-tabs';

const pages = [
  { key: 'withdrawals', label: 'Withdrawals', to: controlPaths.withdrawals },
  { key: 'balance', label: 'Balance history', to: controlPaths.balanceHistory },
] as const;

/**
 * The Withdrawals area's pages, as tabs. Balance history is for users with `balance.view`; for
 * others the area is one page and shows no tabs.
 */
export function WalletTabs({ current }: { current: (typeof pages)[number]['key'] }) {
  const withBalance = useCan('balance.view');
  if (!withBalance) return null;
  return <AreaTabs label="Withdrawals area" tabs={pages} current={current} />;
}
