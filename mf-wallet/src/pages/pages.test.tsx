import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { WalletTabs } from '../components/wallet-tabs';
import { fakeBalanceApi } from '../features/balance-history/testing/fake-balance-api';
import { fakeWalletApi } from '../features/withdrawals/testing/fake-wallet-api';
import BalanceHistoryPage from './balance-history-page';
import WithdrawalsPage from './withdrawals-page';

test.each([
  ['Withdrawals', WithdrawalsPage, '/control/withdrawals'],
  ['Balance history', BalanceHistoryPage, '/control/withdrawals/balance'],
] as const)('the %s page shows the area as two tabs, itself the current one', async (name, Page, path) => {
  const wallet = name === 'Withdrawals' ? fakeWalletApi() : fakeBalanceApi();
  renderWithProviders(
    <Routes>
      <Route path={path} element={<Page />} />
    </Routes>,
    { preloadedState: sessionOf(testUsers.admin), route: path },
  );
  await waitFor(() => expect(wallet.calls.length).toBeGreaterThan(0));
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Withdrawals', 'Balance history']);
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('tab', { name: 'Balance history' })).toHaveAttribute('href', '/control/withdrawals/balance');
});

test('a role without balance.view sees no tabs', () => {
  renderWithProviders(<WalletTabs current="withdrawals" />, { preloadedState: sessionOf(testUsers.viewer) });
  expect(screen.queryByRole('tab')).not.toBeInTheDocument();
});
