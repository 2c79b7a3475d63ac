import { renderStandalone } from '@paydesk/shared/ui/standalone';
import PayFormPage from './pages/pay-form-page';

renderStandalone([
  { path: '/', element: <PayFormPage /> },
]);
