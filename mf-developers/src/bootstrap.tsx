import { renderStandalone } from '@paydesk/shared/ui/standalone';
import { controlPaths } from '@paydesk/shared/routes';
import ApiKeysPage from './pages/api-keys-page';
import EndpointPage from './pages/endpoint-page';
import EventsPage from './pages/events-page';
import RequestLogPage from './pages/request-log-page';
import WebhooksPage from './pages/webhooks-page';

renderStandalone([
  { path: controlPaths.developers, element: <WebhooksPage /> },
  { path: controlPaths.webhookEndpoint, element: <EndpointPage /> },
  { path: controlPaths.webhookEvents, element: <EventsPage /> },
  { path: controlPaths.apiKeys, element: <ApiKeysPage /> },
  { path: controlPaths.apiRequests, element: <RequestLogPage /> },
]);
