import { can } from '@paydesk/shared/roles';
import { controlPaths } from '@paydesk/shared/routes';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';
import { AreaTabs } from '@paydesk/shared/ui/area-tabs';

const pages = [
  { key: 'withdrawals', label: 'Withdrawals', to: controlPaths.withdrawals },
  { key: 'balance', label: 'Balance history', to: controlPaths.balanceHistory },
] as const;

/**
 * The Withdrawals area's pages, as tabs. Balance history is for roles with `balance.view`; for
 * others the area is one page and shows no tabs.
 */
export function WalletTabs({ current }: { current: (typeof pages)[number]['key'] }) {
  const user = useAppSelector(selectCurrentUser);
  if (!user || !can(user.role, 'balance.view')) return null;
  return <AreaTabs label="Withdrawals area" tabs={pages} current={current} />;
}
