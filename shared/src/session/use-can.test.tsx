import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Permission } from '../roles';
import { fakeApi } from '../testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '../testing/render';
import { USER_KEY } from './storage';
import { useCan, useIsDemo, useRoleName } from './use-can';
import { useSessionRefresh } from './use-session-refresh';

/** A Refund button behind `transactions.refund`, and the role's name. */
function Gated() {
  const canRefund = useCan('transactions.refund');
  const roleName = useRoleName();
  return (
    <>
      <p data-testid="role">{roleName ?? 'unknown'}</p>
      {canRefund ? <button type="button">Refund</button> : null}
    </>
  );
}

/** The page under the session's refresh, as the shell's protected layout holds it. */
function Page() {
  useSessionRefresh();
  return <Gated />;
}

const support = { id: 9, username: 'Sue Support', role: 'support', email: 'support@paydesk.test' };
const me = (permissions: Permission[], more: Partial<{ name: string; role: string; role_name: string; mode: string }> = {}) => ({
  body: {
    status: 'success',
    data: {
      id: support.id,
      name: support.username,
      role: support.role,
      email: support.email,
      role_name: 'Support',
      permissions,
      payment_processor: { name: 'sandbox', sandbox: true },
      mode: 'production',
      ...more,
    },
  },
});

/** Signed in with a stored session whose permissions the server has not given yet. */
const restored = () => {
  const { session } = sessionOf(support, { name: 'Support', permissions: [] });
  return { preloadedState: { session: { ...session!, permissions: null, roleName: null } } };
};

test('nothing gated shows until GET /api/auth/me answers, then what its permissions allow', async () => {
  const api = fakeApi({ 'GET /api/auth/me': () => me(['transactions.view', 'transactions.refund']) });
  const release = api.pause('GET /api/auth/me');
  renderWithProviders(<Page />, restored());
  expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  expect(screen.getByTestId('role')).toHaveTextContent('unknown');
  release();
  expect(await screen.findByRole('button', { name: 'Refund' })).toBeInTheDocument();
  expect(screen.getByTestId('role')).toHaveTextContent('Support');
});

test('a role changed on the server shows when the window regains focus, without signing out', async () => {
  const api = fakeApi({ 'GET /api/auth/me': () => me(['transactions.view']) });
  const { store } = renderWithProviders(<Page />, restored());
  await waitFor(() => expect(screen.getByTestId('role')).toHaveTextContent('Support'));
  expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();

  api.reply('GET /api/auth/me', () => me(['transactions.view', 'transactions.refund'], { role_name: 'Support desk' }));
  act(() => void fireEvent.focus(window));
  expect(await screen.findByRole('button', { name: 'Refund' })).toBeInTheDocument();
  expect(screen.getByTestId('role')).toHaveTextContent('Support desk');
  expect(store.getState().session.token).toBe('test-token');
  expect(api.callsTo('GET /api/auth/me')).toHaveLength(2);
});

test('a new name or role from the server is stored as the session user, and the permissions never are', async () => {
  localStorage.clear();
  fakeApi({ 'GET /api/auth/me': () => me(['transactions.view'], { name: 'Sue Renamed', role: 'support_lead' }) });
  const { store } = renderWithProviders(<Page />, restored());
  await waitFor(() => expect(store.getState().session.user?.username).toBe('Sue Renamed'));
  const stored: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  expect(stored).toEqual({ id: support.id, username: 'Sue Renamed', role: 'support_lead', email: support.email });
  expect(store.getState().session.permissions).toEqual(['transactions.view']);
});

test('useCan reads the session, not the role: a built-in role with other permissions gets them', () => {
  renderWithProviders(<Gated />, {
    preloadedState: sessionOf(testUsers.super_admin, { name: 'Super Admin', permissions: ['transactions.view'] }),
  });
  expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  expect(screen.getByTestId('role')).toHaveTextContent('Super Admin');
});

test("demo mode is the server's word, false until it has said", async () => {
  const api = fakeApi({ 'GET /api/auth/me': () => me(['transactions.view'], { mode: 'demo' }) });
  const release = api.pause('GET /api/auth/me');
  function Demo() {
    useSessionRefresh();
    return <p data-testid="demo">{String(useIsDemo())}</p>;
  }
  renderWithProviders(<Demo />, restored());
  expect(screen.getByTestId('demo')).toHaveTextContent('false');
  release();
  await waitFor(() => expect(screen.getByTestId('demo')).toHaveTextContent('true'));
});
