import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { anEndpoint, anEvent, fakeWebhooksApi } from '../testing/fake-webhooks-api';
import { EventsView } from './events-view';

let api: ReturnType<typeof fakeWebhooksApi>;

const eventQueries = () => api.sent('GET', '/events').map((c) => Object.fromEntries(c.url.searchParams));

test('filters the events by type and time range, sending only the filters that are set', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<EventsView />, { preloadedState: sessionOf(testUsers.admin) });
  await screen.findByRole('table', { name: 'Events' });
  expect(eventQueries()).toEqual([{ page: '1', limit: '25' }]);
  const user = userEvent.setup();
  await chooseOption(screen.getByRole('combobox', { name: 'Type' }), 'refund.failed', user);
  await waitFor(() => expect(eventQueries().at(-1)).toEqual({ page: '1', limit: '25', type: 'refund.failed' }));
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01T09:30' } });
  const from = new Date('2026-03-01T09:30').toISOString();
  await waitFor(() => expect(eventQueries().at(-1)).toEqual({ page: '1', limit: '25', type: 'refund.failed', from }));
  await chooseOption(screen.getByRole('combobox', { name: 'Type' }), 'All types', user);
  await waitFor(() => expect(eventQueries().at(-1)).toEqual({ page: '1', limit: '25', from }));
});

test("shows an event's JSON and resends it to the chosen endpoint", async () => {
  api = fakeWebhooksApi({
    endpoints: [anEndpoint(), anEndpoint({ id: 'we_2', url: 'https://b.example/in' })],
    events: [anEvent({ id: 'evt_7' })],
  });
  renderWithProviders(<EventsView />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View evt_7' }));
  const drawer = screen.getByRole('dialog', { name: 'Event evt_7' });
  expect(JSON.parse(within(drawer).getByTestId('event-json').textContent ?? '')).toEqual(anEvent({ id: 'evt_7' }));
  const endpoint = await within(drawer).findByRole('combobox', { name: 'Endpoint' });
  await chooseOption(endpoint, 'https://b.example/in', user);
  await user.click(within(drawer).getByRole('button', { name: 'Resend' }));
  await screen.findByText('Event Resent');
  expect(api.sent('POST', '/events/evt_7/resend').map((c) => c.body)).toEqual([{ endpoint_id: 'we_2' }]);
});

test('a role without developers.manage sees the JSON but cannot resend', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<EventsView />, { preloadedState: sessionOf(testUsers.viewer) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View evt_1' }));
  const drawer = screen.getByRole('dialog', { name: 'Event evt_1' });
  expect(within(drawer).getByTestId('event-json')).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  expect(api.sent('GET', '/endpoints')).toHaveLength(0);
});

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));

test('the address keeps the filters and the page: a link shows them, and a new filter goes back to page 1', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(
    <>
      <EventsView />
      <Address />
    </>,
    {
      preloadedState: sessionOf(testUsers.admin),
      route: '/control/developers/events?type=refund.failed&from=2026-03-01T09:30&page=2&limit=50',
    },
  );
  await screen.findByRole('table', { name: 'Events' });
  const from = new Date('2026-03-01T09:30').toISOString();
  expect(eventQueries()).toEqual([{ page: '2', limit: '50', type: 'refund.failed', from }]);
  expect(screen.getByRole('combobox', { name: 'Type' }).textContent).toBe('refund.failed');
  expect(screen.getByLabelText('From')).toHaveValue('2026-03-01T09:30');
  expect(screen.getByRole('combobox', { name: 'Per page' }).textContent).toBe('50');

  await chooseOption(screen.getByRole('combobox', { name: 'Type' }), 'payment.failed');
  await waitFor(() => expect(eventQueries().at(-1)).toEqual({ page: '1', limit: '50', type: 'payment.failed', from }));
  expect(address()).toEqual({ type: 'payment.failed', from: '2026-03-01T09:30', limit: '50' });
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
  await waitFor(() => expect(address()).toEqual({ type: 'payment.failed', limit: '50' }));
});

test('values in the address that do not parse fall back to their defaults and leave it', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(
    <>
      <EventsView />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route: '/control/developers/events?type=nope&from=yesterday&page=0&limit=7' },
  );
  await screen.findByRole('table', { name: 'Events' });
  expect(eventQueries()).toEqual([{ page: '1', limit: '25' }]);
  expect(address()).toEqual({});
});
