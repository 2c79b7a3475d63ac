import { renderStandalone } from '@paydesk/shared/ui/standalone';
import DisputePage from './pages/dispute-page';
import DisputesPage from './pages/disputes-page';

renderStandalone([
  { path: '/control/disputes', element: <DisputesPage /> },
  { path: '/control/disputes/:id', element: <DisputePage /> },
]);
