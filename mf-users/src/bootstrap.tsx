import { renderStandalone } from '@paydesk/shared/ui/standalone';
import AuditPage from './pages/audit-page';
import UsersPage from './pages/users-page';

renderStandalone([
  { path: '/control/users', element: <UsersPage /> },
  { path: '/control/audit', element: <AuditPage /> },
]);
