import { act, render, screen } from '@testing-library/react';
import { ThemeProviders } from './theme-providers';
import ToastHost from './toast-host';
import { notify, toastHostMounted } from './notify';

test('an error toast interrupts the screen reader (role alert); any other waits its turn (role status)', async () => {
  render(<ThemeProviders toasts={<ToastHost onMounted={toastHostMounted} />}>page</ThemeProviders>);
  act(() => notify('error', 'Payment Failed', 'Your card was declined.'));
  act(() => notify('success', 'Data Refreshed', 'Transactions are up to date.'));
  const error = await screen.findByRole('alert');
  expect(error.textContent).toContain('Payment Failed');
  expect(error.textContent).toContain('Your card was declined.');
  expect((await screen.findByRole('status')).textContent).toContain('Data Refreshed');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});
