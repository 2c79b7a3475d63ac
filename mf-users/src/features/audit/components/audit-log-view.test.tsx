import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { downloadText } from '@paydesk/shared/csv';
import type { AuditEntry } from '@paydesk/shared/schemas/audit';
import { fakeApi, type ApiCall, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { AuditLogView } from './audit-log-view';

jest.mock('@paydesk/shared/csv', () => ({ ...jest.requireActual('@paydesk/shared/csv'), downloadText: jest.fn() }));

const anEntry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  occurred_at: '2026-03-01T09:30:00.000Z',
  actor: { id: 1, email: 'superadmin@paydesk.test' },
  action: 'user.created',
  client_ip: '203.0.113.9',
  user_agent: 'Browser/1',
  target: { type: 'user', id: String(40 + id) },
  changes: { email: { to: `new${id}@paydesk.test` }, role: { from: 'viewer', to: 'admin' } },
  ...over,
});

/** Two pages of entries: the newest, and the older one `before=2` asks for. */
const auditPage = ({ url }: ApiCall) =>
  url.searchParams.get('before') === '2'
    ? {
        body: {
          status: 'success',
          data: [anEntry(1, { actor: null, action: 'auth.sign_in_failed', target: null, changes: {} })],
          next_before: null,
        },
      }
    : {
        body: {
          status: 'success',
          data: [anEntry(3), anEntry(2, { action: 'card.blocked', changes: { status: { from: 'active', to: 'blocked' } } })],
          next_before: 2,
        },
      };

let api: FakeApi;
/** The audit calls on the shared fake API: two pages of entries, then the CSV. */
function fakeAuditApi() {
  api = fakeApi({
    'GET /api/backend/audit': auditPage,
    'GET /api/backend/audit/export.csv': () => new Response('ID,Time\r\n3,x\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
  });
}
const queryOf = (call: ApiCall) => Object.fromEntries(call.url.searchParams);
const listQueries = () => api.callsTo('GET /api/backend/audit').map(queryOf);

test('shows the entries with who, what, target and the changes', async () => {
  fakeAuditApi();
  renderWithProviders(<AuditLogView />, { preloadedState: sessionOf(testUsers.super_admin) });
  const table = await screen.findByRole('table', { name: 'Audit log' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Time', 'Actor', 'Action', 'Target', 'Changes', 'Client']);
  const row = within(screen.getByTestId('audit-row-3'))
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(row.slice(1)).toEqual([
    'superadmin@paydesk.test',
    'user.created',
    'user 43',
    'email: new3@paydesk.test; role: viewer → admin',
    '203.0.113.9',
  ]);
});

test('filters by actor, action and time, and pages older and newer by keyset', async () => {
  fakeAuditApi();
  renderWithProviders(<AuditLogView />, { preloadedState: sessionOf(testUsers.super_admin) });
  await screen.findByTestId('audit-row-3');
  expect(listQueries()).toEqual([{ limit: '50' }]);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Older' }));
  await screen.findByText('Anonymous');
  expect(listQueries().at(-1)).toEqual({ limit: '50', before: '2' });
  expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Newer' }));
  await screen.findByTestId('audit-row-3');

  await chooseOption(screen.getByRole('combobox', { name: 'Action' }), 'card blocked', user);
  fireEvent.change(screen.getByLabelText('Actor e-mail'), { target: { value: 'admin@paydesk.test' } });
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01T09:30' } });
  const from = new Date('2026-03-01T09:30').toISOString();
  await waitFor(() => expect(listQueries().at(-1)).toEqual({ limit: '50', action: 'card.blocked', actor: 'admin@paydesk.test', from }));
});

test('exports the filtered entries as CSV', async () => {
  fakeAuditApi();
  renderWithProviders(<AuditLogView />, { preloadedState: sessionOf(testUsers.super_admin) });
  await screen.findByTestId('audit-row-3');
  await chooseOption(screen.getByRole('combobox', { name: 'Action' }), 'user created');
  await waitFor(() => expect(listQueries().at(-1)?.['action']).toBe('user.created'));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(jest.mocked(downloadText)).toHaveBeenCalledWith('audit-log.csv', 'ID,Time\r\n3,x\r\n'));
  expect(await screen.findByText('1 entry exported to audit-log.csv.')).toBeInTheDocument();
  expect(api.callsTo('GET /api/backend/audit/export.csv').map(queryOf)).toEqual([{ action: 'user.created' }]);
});

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));
const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <AuditLogView />
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.super_admin), route },
  );
const button = (name: string) => screen.getByRole('button', { name });

test('the address keeps the filters, the size and the keyset page: a reload shows the same page, and Newer still works', async () => {
  fakeAuditApi();
  renderAt('/control/audit?action=user.created&actor=superadmin%40paydesk.test&limit=25&before=2&newer=9');
  await screen.findByText('Anonymous');
  expect(listQueries()).toEqual([{ limit: '25', action: 'user.created', actor: 'superadmin@paydesk.test', before: '2' }]);
  expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('user created');
  expect(screen.getByLabelText('Actor e-mail')).toHaveValue('superadmin@paydesk.test');
  expect(screen.getByRole('combobox', { name: 'Rows' }).textContent).toBe('25 per page');
  expect(button('Older')).toBeDisabled();

  const user = userEvent.setup();
  await user.click(button('Newer'));
  await waitFor(() =>
    expect(listQueries().at(-1)).toEqual({ limit: '25', action: 'user.created', actor: 'superadmin@paydesk.test', before: '9' }),
  );
  expect(address()).toEqual({ action: 'user.created', actor: 'superadmin@paydesk.test', limit: '25', before: '9' });
  await user.click(button('Newer'));
  await waitFor(() => expect(address()).toEqual({ action: 'user.created', actor: 'superadmin@paydesk.test', limit: '25' }));
  expect(listQueries().at(-1)).toEqual({ limit: '25', action: 'user.created', actor: 'superadmin@paydesk.test' });
  expect(button('Newer')).toBeDisabled();

  await user.click(await screen.findByRole('button', { name: 'Older' }));
  await waitFor(() => expect(address()).toMatchObject({ before: '2' }));
  expect(address()).not.toHaveProperty('newer');
});

test('a filter or a page size written to the address drops the keyset page', async () => {
  fakeAuditApi();
  renderAt('/control/audit?before=2&newer=9,5');
  await screen.findByText('Anonymous');
  expect(listQueries()).toEqual([{ limit: '50', before: '2' }]);
  await chooseOption(screen.getByRole('combobox', { name: 'Action' }), 'card blocked');
  await waitFor(() => expect(address()).toEqual({ action: 'card.blocked' }));
  expect(listQueries().at(-1)).toEqual({ limit: '50', action: 'card.blocked' });

  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01T10:00' } });
  await waitFor(() => expect(address()).toEqual({ action: 'card.blocked', to: '2026-03-01T10:00' }));
  fireEvent.change(screen.getByLabelText('Actor e-mail'), { target: { value: 'admin@paydesk.test' } });
  await waitFor(() => expect(address()).toEqual({ action: 'card.blocked', to: '2026-03-01T10:00', actor: 'admin@paydesk.test' }));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Older' }));
  await waitFor(() => expect(address()).toMatchObject({ before: '2' }));
  await chooseOption(screen.getByRole('combobox', { name: 'Rows' }), '100 per page');
  await waitFor(() =>
    expect(address()).toEqual({ action: 'card.blocked', to: '2026-03-01T10:00', actor: 'admin@paydesk.test', limit: '100' }),
  );
});

test('a cursor in the address that does not parse is the newest page', async () => {
  fakeAuditApi();
  renderAt('/control/audit?before=abc&newer=1,x&limit=30&action=nope');
  await screen.findByTestId('audit-row-3');
  expect(listQueries()).toEqual([{ limit: '50' }]);
  expect(address()).toEqual({});
});
