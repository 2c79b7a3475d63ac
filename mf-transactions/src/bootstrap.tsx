import { renderStandalone } from '@paydesk/shared/ui/standalone';
import DashboardPage from './pages/dashboard-page';
import TransactionsPage from './pages/transactions-page';
import TransactionDetailsPage from './pages/transaction-details-page';

renderStandalone([
  { path: '/control/dashboard', element: <DashboardPage /> },
  { path: '/control/transactions', element: <TransactionsPage /> },
  { path: '/control/transactions/:id', element: <TransactionDetailsPage /> },
]);
