import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { ApiRequestEntry } from '@paydesk/shared/schemas/api-keys';
import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { aKey } from '../testing/api-key';
import { RequestLogView } from './request-log-view';

const aRequest: ApiRequestEntry = {
  id: 'req_1',
  key_id: 'key_1',
  key_prefix: 'sk_test_AbCd',
  method: 'POST',
  path: '/api/checkout',
  status: 402,
  latency_ms: 12,
  idempotency_key: null,
  created_at: '2026-03-01T10:00:00.000Z',
};

let api: ReturnType<typeof fakeApi>;

/** The keys and one page of requests (the second of three) on the shared fake API. */
function fakeLogApi() {
  const page = { data: [aRequest], current_page: 2, last_page: 3, per_page: 50, from: 51, to: 51, total: 101 };
  api = fakeApi({
    'GET /api/backend/api-keys': () => ({ body: { status: 'success', data: [aKey()] } }),
    'GET /api/backend/api-requests': () => ({ body: { status: 'success', data: page } }),
  });
}
const requestQueries = () => api.callsTo('GET /api/backend/api-requests').map((c) => Object.fromEntries(c.url.searchParams));

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));
const renderLog = (route: string) =>
  renderWithProviders(
    <>
      <RequestLogView />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route },
  );

test('a link shows the filtered page it names, and a new filter goes in the address from page 1', async () => {
  fakeLogApi();
  renderLog('/control/developers/requests?key=key_1&status=4xx&path=%2Fapi%2Fcheckout&page=2&limit=50');
  await screen.findByTestId('api-request-row');
  expect(requestQueries()[0]).toEqual({ page: '2', limit: '50', key_id: 'key_1', status_class: '4xx', path: '/api/checkout' });
  expect(screen.getByRole('combobox', { name: 'Key' }).textContent).toBe('Order service (sk_test_AbCd…)');
  expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('4xx (refused)');
  expect(screen.getByLabelText('Path')).toHaveValue('/api/checkout');
  expect(screen.getByRole('combobox', { name: 'Per page' }).textContent).toBe('50');

  await chooseOption(screen.getByRole('combobox', { name: 'Status' }), '5xx (failed)');
  await waitFor(() =>
    expect(requestQueries().at(-1)).toEqual({ page: '1', limit: '50', key_id: 'key_1', status_class: '5xx', path: '/api/checkout' }),
  );
  expect(address()).toEqual({ key: 'key_1', status: '5xx', path: '/api/checkout', limit: '50' });

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(address()).toEqual({ key: 'key_1', status: '5xx', path: '/api/checkout', page: '3', limit: '50' }));
  fireEvent.change(screen.getByLabelText('Path'), { target: { value: '/api/refunds' } });
  await waitFor(() => expect(address()).toEqual({ key: 'key_1', status: '5xx', path: '/api/refunds', limit: '50' }));
  expect(requestQueries().at(-1)).toEqual({ page: '1', limit: '50', key_id: 'key_1', status_class: '5xx', path: '/api/refunds' });
});

test('a key the address names that is no secret key is read as all keys', async () => {
  fakeLogApi();
  renderLog('/control/developers/requests?key=key_gone');
  await screen.findByTestId('api-request-row');
  await waitFor(() => expect(requestQueries().at(-1)).toEqual({ page: '1', limit: '25' }));
  expect(screen.getByRole('combobox', { name: 'Key' }).textContent).toBe('All secret keys');
});
