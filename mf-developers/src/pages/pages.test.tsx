import type { ComponentType } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import ApiKeysPage from './api-keys-page';
import EndpointPage from './endpoint-page';
import EventsPage from './events-page';
import RequestLogPage from './request-log-page';
import WebhooksPage from './webhooks-page';

/** An empty page of a paged list (events, deliveries, the request log). */
const emptyPage = { data: [], current_page: 1, last_page: 1, per_page: 25, from: null, to: null, total: 0 };

const whole = () => ({ body: { status: 'success', data: [] } });
const paged = () => ({ body: { status: 'success', data: emptyPage } });

let api: FakeApi;
beforeEach(() => {
  // Every list empty: the pages' frames are what is looked at here.
  api = fakeApi({
    'GET /api/backend/webhooks/endpoints': whole,
    'GET /api/backend/webhooks/endpoints/:id/attempts': paged,
    'GET /api/backend/webhooks/events': paged,
    'GET /api/backend/api-keys': whole,
    'GET /api/backend/api-requests': paged,
  });
});

const pages: [name: string, Page: ComponentType, path: string, route: string][] = [
  ['Webhooks', WebhooksPage, controlPaths.developers, controlPaths.developers],
  ['Events', EventsPage, controlPaths.webhookEvents, controlPaths.webhookEvents],
  ['API keys', ApiKeysPage, controlPaths.apiKeys, controlPaths.apiKeys],
  ['Request log', RequestLogPage, controlPaths.apiRequests, controlPaths.apiRequests],
  ['Webhook endpoint', EndpointPage, controlPaths.webhookEndpoint, controlPaths.webhookEndpoint.replace(':id', 'we_1')],
];

test.each(pages)(
  'the %s page shows the version stamp once, last in its frame, and no "Signed in as" line',
  async (_name, Page, path, route) => {
    renderWithProviders(
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>,
      { preloadedState: sessionOf(testUsers.super_admin), route },
    );
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    const frame = screen.getByTestId('developers-page');
    const stamps = screen.getAllByTestId('build-mf-developers');
    expect(stamps).toHaveLength(1);
    expect(frame.lastElementChild).toBe(stamps[0]);
    expect(stamps[0]!.textContent).toMatch(/^mf-developers \S+$/);
    expect(screen.queryByTestId('signed-in-as')).not.toBeInTheDocument();
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
  },
);
