import { renderStandalone } from '@paydesk/shared/ui/standalone';
import UsersPage from './pages/users-page';

renderStandalone([
  { path: '/control/users', element: <UsersPage /> },
]);
