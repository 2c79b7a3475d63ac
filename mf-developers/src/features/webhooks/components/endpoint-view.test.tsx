import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { ApiCall } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption, optionsOf } from '@paydesk/shared/testing/select';
import { anAttempt, anEndpoint, fakeWebhooksApi } from '../testing/fake-webhooks-api';
import { EndpointView } from './endpoint-view';

let api: ReturnType<typeof fakeWebhooksApi>;

const NEW_SECRET = 'whsec_rolled_9876543210';

test('Roll secret sends the chosen grace and shows the new secret once, with until when the old one signs', async () => {
  api = fakeWebhooksApi();
  api.reply('POST /api/backend/webhooks/endpoints/we_1/roll-secret', () => ({
    body: {
      status: 'success',
      data: { endpoint: anEndpoint({ previous_secret_expires_at: '2026-03-04T10:00:00.000Z' }), secret: NEW_SECRET },
    },
  }));
  const { store } = renderWithProviders(<EndpointView id="we_1" />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Roll secret' }));
  const dialog = screen.getByRole('dialog', { name: 'Roll secret' });
  const grace = within(dialog).getByRole('combobox', { name: 'Old secret expires' });
  expect(await optionsOf(grace, user)).toEqual(['Now', '1 hour', '24 hours', '3 days', '7 days']);
  await chooseOption(grace, '3 days', user);
  await user.click(within(dialog).getByRole('button', { name: 'Roll secret' }));
  const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
  expect(api.sent('POST', '/endpoints/we_1/roll-secret').map((c) => c.body)).toEqual([{ grace_hours: 72 }]);
  expect(within(shown).getByTestId('signing-secret').textContent).toBe(NEW_SECRET);
  expect(within(shown).getByText(/^The previous secret also signs until/)).toBeInTheDocument();
  expect(JSON.stringify(store.getState())).not.toContain(NEW_SECRET);
});

test('the delivery log shows each attempt, opens to the answer, and resends its event to this endpoint', async () => {
  api = fakeWebhooksApi({
    attempts: [
      anAttempt(),
      anAttempt({
        id: 'wa_2',
        event_id: 'evt_2',
        attempt: 2,
        status: 'succeeded',
        response_status: 200,
        duration_ms: 45,
        response_body: 'ok',
        next_retry_at: null,
      }),
    ],
  });
  renderWithProviders(<EndpointView id="we_1" />, { preloadedState: sessionOf(testUsers.admin) });
  const log = await screen.findByRole('table', { name: 'Delivery attempts' });
  await waitFor(() =>
    expect(
      within(log)
        .getAllByTestId('attempt-status')
        .map((c) => c.textContent),
    ).toEqual(['Failed', 'Succeeded']),
  );
  expect(api.sent('GET', '/endpoints/we_1/attempts')[0]?.url.searchParams.get('page')).toBe('1');
  expect(within(log).getByText('500')).toBeInTheDocument();
  expect(within(log).getByText('120 ms')).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(within(log).getAllByRole('button', { name: 'Show the answer' })[0]!);
  expect((await within(log).findByTestId('attempt-answer')).textContent).toBe('upstream exploded');
  await user.click(within(log).getAllByRole('button', { name: 'Resend' })[1]!);
  await screen.findByText('Event Resent');
  expect(api.sent('POST', '/events/evt_2/resend').map((c) => c.body)).toEqual([{ endpoint_id: 'we_1' }]);
});

test('Disable sends enabled false; Delete asks first', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<EndpointView id="we_1" />, { preloadedState: sessionOf(testUsers.super_admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Disable' }));
  await screen.findByText('Endpoint Disabled');
  expect(api.sent('PATCH', '/endpoints/we_1').map((c) => c.body)).toEqual([{ enabled: false }]);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete endpoint?' });
  expect(api.sent('DELETE', '/endpoints/we_1')).toHaveLength(0);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await screen.findByText('Endpoint Deleted');
  expect(api.sent('DELETE', '/endpoints/we_1')).toHaveLength(1);
});

test('a role without developers.manage sees settings and log, with no action', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<EndpointView id="we_1" />, { preloadedState: sessionOf(testUsers.viewer) });
  await screen.findByRole('table', { name: 'Delivery attempts' });
  await screen.findAllByTestId('attempt-status');
  for (const name of ['Edit', 'Disable', 'Roll secret', 'Delete', 'Resend'])
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
});

test('an endpoint that is not in the list says so', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<EndpointView id="we_gone" />, { preloadedState: sessionOf(testUsers.admin) });
  expect(await screen.findByText('No such endpoint: it may have been deleted')).toBeInTheDocument();
});

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));
const logQueries = () => api.sent('GET', '/endpoints/we_1/attempts').map((c) => Object.fromEntries(c.url.searchParams));

/** 25 attempts, one row shown per page: the row's event names the page asked for. */
const pageOfAttempts = ({ url }: ApiCall) => {
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  const total = 25;
  const data = [anAttempt({ id: `wa_${page}`, event_id: `evt_page_${page}` })];
  const envelope = { data, current_page: page, last_page: Math.ceil(total / limit), per_page: limit, total };
  return { body: { status: 'success', data: { ...envelope, from: (page - 1) * limit + 1, to: Math.min(page * limit, total) } } };
};

test("the address keeps the delivery log's page and size under log_: a link shows that page, and paging writes it", async () => {
  api = fakeWebhooksApi();
  api.reply('GET /api/backend/webhooks/endpoints/:id/attempts', pageOfAttempts);
  renderWithProviders(
    <>
      <EndpointView id="we_1" />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route: '/control/developers/webhooks/we_1?log_page=2&log_limit=10' },
  );
  const log = await screen.findByRole('table', { name: 'Delivery attempts' });
  expect(await within(log).findByText('evt_page_2')).toBeInTheDocument();
  expect(logQueries()).toEqual([{ page: '2', limit: '10' }]);
  expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByTestId('range-text').textContent).toBe('Showing 11 to 20 of 25 results');
  expect(screen.getByRole('combobox', { name: 'Per page' }).textContent).toBe('10');
  expect(address()).toEqual({ log_page: '2', log_limit: '10' });

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(address()).toEqual({ log_page: '3', log_limit: '10' }));
  expect(await screen.findByText('evt_page_3')).toBeInTheDocument();
  expect(logQueries().at(-1)).toEqual({ page: '3', limit: '10' });

  await chooseOption(screen.getByRole('combobox', { name: 'Per page' }), '50', user);
  await waitFor(() => expect(address()).toEqual({ log_limit: '50' }));
  expect(await screen.findByText('evt_page_1')).toBeInTheDocument();
  expect(logQueries().at(-1)).toEqual({ page: '1', limit: '50' });
});

test('values of the delivery log in the address that do not parse are its first page and leave it', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(
    <>
      <EndpointView id="we_1" />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route: '/control/developers/webhooks/we_1?log_page=0&log_limit=7' },
  );
  await screen.findAllByTestId('attempt-status');
  expect(logQueries()).toEqual([{ page: '1', limit: '25' }]);
  await waitFor(() => expect(address()).toEqual({}));
});
