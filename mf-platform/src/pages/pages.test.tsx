import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { aRelease, aRemote } from '../features/remotes/testing/release';
import DeployTokensPage from './deploy-tokens-page';
import PlatformPage from './platform-page';
import RemotePage from './remote-page';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({
    'GET /api/platform/remotes': () => ({ body: { status: 'success', data: [aRemote([aRelease({ status: 'live' })])] } }),
    'GET /api/platform/deploy-tokens': () => ({ body: { status: 'success', data: [] } }),
  });
});

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

/** The pages at the addresses areas.json gives them under /control. */
const renderAt = (route: string, extra?: ComponentType) => {
  const Extra = extra ?? (() => null);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/control/platform" element={<PlatformPage />} />
        <Route path="/control/platform/remotes/:name" element={<RemotePage />} />
        <Route path="/control/platform/deploy-tokens" element={<DeployTokensPage />} />
      </Routes>
      <Extra />
    </>,
    { preloadedState: sessionOf(testUsers.super_admin), route },
  );
};

test.each([['/control/platform'], ['/control/platform/remotes/mf_reports'], ['/control/platform/deploy-tokens']])(
  '%s shows the version stamp once, last in its frame',
  async (route) => {
    renderAt(route);
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    const stamps = screen.getAllByTestId('build-mf-platform');
    expect(stamps).toHaveLength(1);
    expect(screen.getByTestId('platform-page').lastElementChild).toBe(stamps[0]);
    expect(stamps[0]!.textContent).toMatch(/^mf-platform \S+$/);
  },
);

test("a remote's name leads to its page, and back; the tabs lead from one list to the other", async () => {
  renderAt('/control/platform', Address);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('link', { name: 'mf_reports' }));
  expect(screen.getByTestId('address').textContent).toBe('/control/platform/remotes/mf_reports');
  expect(await screen.findByRole('heading', { level: 1, name: 'mf_reports' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'All remotes' }));
  await user.click(await screen.findByRole('tab', { name: 'Deploy tokens' }));
  expect(screen.getByTestId('address').textContent).toBe('/control/platform/deploy-tokens');
  expect(await screen.findByText('No deploy tokens yet')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Remotes' }));
  expect(screen.getByTestId('address').textContent).toBe('/control/platform');
});

test('Create token offers the released remotes by their container names', async () => {
  renderAt('/control/platform/deploy-tokens');
  const user = userEvent.setup();
  await waitFor(() => expect(api.callsTo('GET /api/platform/remotes')).toHaveLength(1));
  await user.click(await screen.findByRole('button', { name: 'Create token' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Create token' })).getByRole('button', { name: 'Open' }));
  expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['mf_reports']);
});
