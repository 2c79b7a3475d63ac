import { renderStandalone } from '@paydesk/shared/ui/standalone';
import WithdrawalsPage from './pages/withdrawals-page';

renderStandalone([{ path: '/control/withdrawals', element: <WithdrawalsPage /> }]);
