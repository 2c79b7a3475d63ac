import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Permission } from '@paydesk/shared/roles';
import { renderWithProviders, sessionOf } from '@paydesk/shared/testing/render';
import { RequirePermission } from './require-permission';

const areas = [
  { path: 'dashboard', permission: 'dashboard.view', label: 'Dashboard' },
  { path: 'transactions', permission: 'transactions.view', label: 'Transactions' },
] as const;

const support = { id: 9, username: 'Sue Support', role: 'support', email: 'support@paydesk.test' };

function renderDashboard(permissions: Permission[] | null, landing = true) {
  const { session } = sessionOf(support, { name: 'Support', permissions: permissions ?? [] });
  renderWithProviders(
    <Routes>
      <Route
        path="/control/dashboard"
        element={
          <RequirePermission permission="dashboard.view" landingElsewhere={landing ? areas : undefined}>
            <h1>Dashboard</h1>
          </RequirePermission>
        }
      />
      <Route path="/control/transactions" element={<h1>Transaction Monitoring</h1>} />
    </Routes>,
    { preloadedState: { session: { ...session!, permissions } }, route: '/control/dashboard' },
  );
}

test('the page shows for a user whose permissions open it', () => {
  renderDashboard(['dashboard.view']);
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
});

test('the landing page sends a user without it to the first area their permissions open', () => {
  renderDashboard(['transactions.view']);
  expect(screen.getByRole('heading', { name: 'Transaction Monitoring' })).toBeInTheDocument();
});

test('any other page refuses', () => {
  renderDashboard(['transactions.view'], false);
  expect(screen.getByRole('alert')).toHaveTextContent('Access denied');
});

test('while the permissions are unknown, a wait and not a refusal', () => {
  renderDashboard(null);
  expect(screen.getByRole('status', { name: 'Loading session' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
