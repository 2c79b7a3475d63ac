import { renderStandalone } from '@paydesk/shared/ui/standalone';
import { controlPaths } from '@paydesk/shared/routes';
import EndpointPage from './pages/endpoint-page';
import EventsPage from './pages/events-page';
import WebhooksPage from './pages/webhooks-page';

renderStandalone([
  { path: controlPaths.developers, element: <WebhooksPage /> },
  { path: controlPaths.webhookEndpoint, element: <EndpointPage /> },
  { path: controlPaths.webhookEvents, element: <EventsPage /> },
]);
