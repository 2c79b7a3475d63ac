import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { ControlLayout } from './control-layout';

/** /api/auth/me answering the signed-in user with the server's payment processor. */
const serveMe = (processor: { name: string; sandbox: boolean }) =>
  fakeApi({
    'GET /api/auth/me': () => ({
      body: {
        status: 'success',
        data: {
          id: 1,
          name: 'Sam Super',
          role: 'super_admin',
          role_name: 'Super Admin',
          email: 'superadmin@paydesk.test',
          permissions: ['dashboard.view'],
          payment_processor: processor,
          mode: 'demo',
        },
      },
    }),
  });

const renderLayout = () =>
  renderWithProviders(
    <Routes>
      <Route path="/control" element={<ControlLayout areas={[]} />}>
        <Route index element={<p>Page</p>} />
      </Route>
    </Routes>,
    { preloadedState: sessionOf(testUsers.super_admin), route: '/control' },
  );

test('the top bar shows a Sandbox badge when the server says the sandbox decides outcomes', async () => {
  const api = serveMe({ name: 'sandbox', sandbox: true });
  renderLayout();
  const badge = await screen.findByText('Sandbox');
  expect(badge.closest('header')).not.toBeNull();
  expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/me']);
});

test('no badge when a real processor decides', async () => {
  serveMe({ name: 'acquirer', sandbox: false });
  const { store } = renderLayout();
  await waitFor(() =>
    expect(Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'me' && q.status === 'fulfilled')).toBe(true),
  );
  expect(screen.getByText('Page')).toBeInTheDocument();
  expect(screen.queryByText('Sandbox')).not.toBeInTheDocument();
});
