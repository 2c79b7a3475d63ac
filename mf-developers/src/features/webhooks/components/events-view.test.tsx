import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { anEndpoint, anEvent, fakeWebhooksApi } from '../testing/fake-webhooks-api';
import { EventsView } from './events-view';

let api: ReturnType<typeof fakeWebhooksApi>;
afterEach(() => api.restore());

const eventQueries = () => api.sent('GET', '/events').map((c) => Object.fromEntries(c.query));

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
  expect(within(drawer).getByTestId('event-json')).toBeTruthy();
  expect(within(drawer).queryByRole('button', { name: 'Resend' })).toBeNull();
  expect(api.sent('GET', '/endpoints')).toHaveLength(0);
});
