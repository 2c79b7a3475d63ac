import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadText } from '@paydesk/shared/csv';
import type { AuditEntry } from '@paydesk/shared/schemas/audit';
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

let spy: jest.SpyInstance;
const sent: URL[] = [];
afterEach(() => {
  spy.mockRestore();
  sent.length = 0;
});

/** The audit calls behind a spy on fetch: two pages of entries, then the CSV. */
function fakeAuditApi() {
  spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    sent.push(url);
    if (url.pathname.endsWith('/export.csv'))
      return new Response('ID,Time\r\n3,x\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    const older = url.searchParams.get('before') === '2';
    const body = older
      ? {
          status: 'success',
          data: [anEntry(1, { actor: null, action: 'auth.sign_in_failed', target: null, changes: {} })],
          next_before: null,
        }
      : {
          status: 'success',
          data: [anEntry(3), anEntry(2, { action: 'card.blocked', changes: { status: { from: 'active', to: 'blocked' } } })],
          next_before: 2,
        };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}
const listQueries = () => sent.filter((u) => u.pathname === '/api/backend/audit').map((u) => Object.fromEntries(u.searchParams));

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
  expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
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
  expect(await screen.findByText('1 entry exported to audit-log.csv.')).toBeTruthy();
  const exported = sent.find((u) => u.pathname === '/api/backend/audit/export.csv')!;
  expect(Object.fromEntries(exported.searchParams)).toEqual({ action: 'user.created' });
});
