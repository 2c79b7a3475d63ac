import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import { LoginPage } from '../login-page';

/** The sign-in page at /control/login, with a dashboard to land on once signed in. */
export const renderLogin = () =>
  renderWithProviders(
    <Routes>
      <Route path="/control/login" element={<LoginPage />} />
      <Route path="/control/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { route: '/control/login' },
  );
