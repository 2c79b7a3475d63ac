import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { answer, fakeWalletApi } from '../testing/fake-wallet-api';
import { WithdrawalDialog } from './withdrawal-dialog';

// A file of its own: notistack keeps queued toasts of earlier tests in module state.
let api: ReturnType<typeof fakeWalletApi>;
beforeEach(() => {
  api = fakeWalletApi();
});
afterEach(() => api.restore());

test('a 401 logs out silently: no toast', async () => {
  api.reply('POST /api/backend/withdraw', () => answer(401, { status: 'error', message: 'Unauthorized' }));
  localStorage.setItem('token', 'test-token');
  const store = renderWithProviders(<WithdrawalDialog availableCents={100_000} onClose={jest.fn()} />, {
    preloadedState: sessionOf(testUsers.admin),
  }).store;
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Amount'), '10');
  await user.type(screen.getByLabelText('Account Number'), '12345678');
  await user.type(screen.getByLabelText('Bank Name'), 'First Test Bank');
  await user.type(screen.getByLabelText('Account Name'), 'Paydesk Merchant Ltd');
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  await waitFor(() => expect(store.getState().session.user).toBeNull());
  expect(api.posts()).toHaveLength(1);
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  localStorage.clear();
});
