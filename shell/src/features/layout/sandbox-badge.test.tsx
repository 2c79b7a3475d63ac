import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { ControlLayout } from './control-layout';

const me = (processor: { name: string; sandbox: boolean }) =>
  new Response(
    JSON.stringify({
      status: 'success',
      data: { id: 1, name: 'Sam Super', role: 'super_admin', email: 'superadmin@paydesk.test', payment_processor: processor },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

let fetchSpy: jest.SpyInstance;
beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchSpy.mockRestore());

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
  fetchSpy.mockResolvedValue(me({ name: 'sandbox', sandbox: true }));
  renderLayout();
  const badge = await screen.findByText('Sandbox');
  expect(badge.closest('header')).not.toBeNull();
  expect((fetchSpy.mock.calls[0]![0] as Request).url).toMatch(/\/api\/auth\/me$/);
});

test('no badge when a real processor decides', async () => {
  fetchSpy.mockResolvedValue(me({ name: 'acquirer', sandbox: false }));
  const { store } = renderLayout();
  await waitFor(() =>
    expect(Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'me' && q.status === 'fulfilled')).toBe(true),
  );
  expect(screen.getByText('Page')).toBeTruthy();
  expect(screen.queryByText('Sandbox')).toBeNull();
});
