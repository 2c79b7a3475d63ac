import { renderStandalone } from '@paydesk/shared/ui/standalone';
import BalanceHistoryPage from './pages/balance-history-page';
import WithdrawalsPage from './pages/withdrawals-page';

renderStandalone([
  { path: '/control/withdrawals', element: <WithdrawalsPage /> },
  { path: '/control/withdrawals/balance', element: <BalanceHistoryPage /> },
]);
