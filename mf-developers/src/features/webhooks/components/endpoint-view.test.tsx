import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption, optionsOf } from '@paydesk/shared/testing/select';
import { answer } from '../../../testing/answer';
import { anAttempt, anEndpoint, fakeWebhooksApi } from '../testing/fake-webhooks-api';
import { EndpointView } from './endpoint-view';

let api: ReturnType<typeof fakeWebhooksApi>;
afterEach(() => api.restore());

const NEW_SECRET = 'whsec_rolled_9876543210';

test('Roll secret sends the chosen grace and shows the new secret once, with until when the old one signs', async () => {
  api = fakeWebhooksApi();
  api.reply('POST /api/backend/webhooks/endpoints/we_1/roll-secret', () =>
    answer(200, {
      status: 'success',
      data: { endpoint: anEndpoint({ previous_secret_expires_at: '2026-03-04T10:00:00.000Z' }), secret: NEW_SECRET },
    }),
  );
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
  expect(within(shown).getByText(/^The previous secret also signs until/)).toBeTruthy();
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
  expect(api.sent('GET', '/endpoints/we_1/attempts')[0]?.query.get('page')).toBe('1');
  expect(within(log).getByText('500')).toBeTruthy();
  expect(within(log).getByText('120 ms')).toBeTruthy();
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
  for (const name of ['Edit', 'Disable', 'Roll secret', 'Delete', 'Resend']) expect(screen.queryByRole('button', { name })).toBeNull();
});

test('an endpoint that is not in the list says so', async () => {
  api = fakeWebhooksApi();
  renderWithProviders(<EndpointView id="we_gone" />, { preloadedState: sessionOf(testUsers.admin) });
  expect(await screen.findByText('No such endpoint: it may have been deleted')).toBeTruthy();
});
