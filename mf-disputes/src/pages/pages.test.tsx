import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { aDispute } from '@paydesk/shared/testing/dispute';
import { fakeDisputesApi } from '../features/disputes/testing/dispute';
import DisputePage from './dispute-page';
import DisputesPage from './disputes-page';

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

/** The pages at the addresses areas.json gives them under /control. */
const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/control/disputes" element={<DisputesPage />} />
        <Route path="/control/disputes/:id" element={<DisputePage />} />
      </Routes>
      <Address />
    </>,
    { preloadedState: sessionOf(testUsers.admin), route },
  );

test.each([['/control/disputes'], [`/control/disputes/${aDispute().id}`]])(
  '%s shows the version stamp once, last in its frame',
  async (route) => {
    const api = fakeDisputesApi([aDispute()]);
    renderAt(route);
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    const stamps = screen.getAllByTestId('build-mf-disputes');
    expect(stamps).toHaveLength(1);
    expect(screen.getByTestId('disputes-page').lastElementChild).toBe(stamps[0]);
  },
);

test("a dispute's amount leads to its page, and Back to Disputes to the list", async () => {
  fakeDisputesApi([aDispute()]);
  renderAt('/control/disputes');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('link', { name: '$80.00' }));
  expect(screen.getByTestId('address').textContent).toBe(`/control/disputes/${aDispute().id}`);
  expect(await screen.findByRole('region', { name: 'Evidence' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Back to Disputes' }));
  expect(screen.getByTestId('address').textContent).toBe('/control/disputes');
});
