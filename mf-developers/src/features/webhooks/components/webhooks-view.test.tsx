import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { anEndpoint, fakeWebhooksApi } from '../testing/fake-webhooks-api';
import { WebhooksView } from './webhooks-view';

let api: ReturnType<typeof fakeWebhooksApi>;

const SECRET = 'whsec_test_shown_once_0123456789';

test('lists the endpoints with their URL, events and status', async () => {
  api = fakeWebhooksApi({
    endpoints: [
      anEndpoint(),
      anEndpoint({
        id: 'we_2',
        url: 'https://b.example/in',
        status: 'failing',
        event_types: ['refund.created', 'refund.failed', 'checkout.completed'],
      }),
    ],
  });
  renderWithProviders(<WebhooksView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByRole('link', { name: 'https://b.example/in' });
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['URL', 'Description', 'Events', 'Status', 'Created']);
  expect(screen.getAllByTestId('endpoint-status').map((c) => c.textContent)).toEqual(['Enabled', 'Failing']);
  expect(screen.getByText('3 events')).toBeInTheDocument();
  expect(screen.getByText('payment.failed')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'https://shop.example/hooks' })).toHaveAttribute('href', '/control/developers/webhooks/we_1');
});

test('adds an endpoint with a group of events, then shows its secret once and forgets it', async () => {
  api = fakeWebhooksApi({ endpoints: [] });
  api.reply('POST /api/backend/webhooks/endpoints', () => ({
    status: 201,
    body: { status: 'success', data: { endpoint: anEndpoint({ id: 'we_9' }), secret: SECRET } },
  }));
  const { store } = renderWithProviders(<WebhooksView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByText('No endpoints yet: add one to receive events');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
  const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'https://shop.example/hooks');
  await user.click(within(within(dialog).getByRole('group', { name: 'Refund events' })).getByRole('checkbox', { name: 'Refund' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'checkout.completed' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

  const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' });
  expect(api.sent('POST', '/endpoints').map((c) => c.body)).toEqual([
    {
      url: 'https://shop.example/hooks',
      event_types: ['checkout.completed', 'refund.created', 'refund.succeeded', 'refund.failed'],
      enabled: true,
    },
  ]);
  expect(within(secretDialog).getByTestId('signing-secret').textContent).toBe(SECRET);
  expect(within(secretDialog).getByText('Copy this secret now: it will not be shown again.')).toBeInTheDocument();
  expect(JSON.stringify(store.getState())).not.toContain(SECRET);
  await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  expect(JSON.stringify(store.getState())).not.toContain(SECRET);
});

test('select all ticks every event type; the form refuses no type and a non-web address before any call', async () => {
  api = fakeWebhooksApi({ endpoints: [] });
  renderWithProviders(<WebhooksView />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'ftp://shop.example');
  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  expect(within(dialog).getByText('Enter an http or https address')).toBeInTheDocument();
  expect(within(dialog).getByText('Choose at least one event type')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
  for (const box of within(dialog).getAllByRole('checkbox')) expect(box).toBeChecked();
  expect(api.sent('POST', '/endpoints')).toHaveLength(0);
});

test('an address the server refuses is said beside the URL, and its message in a toast', async () => {
  api = fakeWebhooksApi({ endpoints: [] });
  api.reply('POST /api/backend/webhooks/endpoints', () => ({
    status: 422,
    body: { status: 'error', message: 'Webhook URLs may not point at private addresses', code: 'webhook_url_refused' },
  }));
  renderWithProviders(<WebhooksView />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'http://10.0.0.1/hooks');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByText('Webhook URLs may not point at private addresses')).toBeInTheDocument();
  expect(within(dialog).getByText('This address does not take webhooks: use a public http or https address')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument();
});

test('a role without developers.manage sees the list but no Add endpoint', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<WebhooksView />, { preloadedState: sessionOf(testUsers.viewer) });
  await screen.findByRole('link', { name: 'https://shop.example/hooks' });
  expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
});
