import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pasteInto } from '@paydesk/shared/testing/paste';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { answer, fakeWalletApi } from '../testing/fake-wallet-api';
import { WithdrawalDialog } from './withdrawal-dialog';

let api: ReturnType<typeof fakeWalletApi>;
beforeEach(() => {
  api = fakeWalletApi();
});

function open(availableCents = 100_000) {
  const onClose = jest.fn();
  const rendered = renderWithProviders(<WithdrawalDialog availableCents={availableCents} onClose={onClose} />, {
    preloadedState: sessionOf(testUsers.admin),
  });
  // No pause between keystrokes: the amount is typed, not timed.
  return { onClose, user: userEvent.setup({ delay: null }), ...rendered };
}

const submit = () => screen.getByRole('button', { name: 'Submit Request' });

async function fill(user: ReturnType<typeof userEvent.setup>, amount: string, account = true) {
  await user.type(screen.getByLabelText('Amount'), amount);
  if (!account) return;
  await pasteInto(user, screen.getByLabelText('Account Number'), '12345678');
  await pasteInto(user, screen.getByLabelText('Bank Name'), 'First Test Bank');
  await pasteInto(user, screen.getByLabelText('Account Name'), 'Paydesk Merchant Ltd');
}

test('disables submit while the amount is empty or above the balance', async () => {
  const { user } = open(5_000);
  expect(submit()).toBeDisabled();
  await user.type(screen.getByLabelText('Amount'), '50.01');
  expect(submit()).toBeDisabled();
  await user.type(screen.getByLabelText('Amount'), '{backspace}0');
  expect(submit()).toBeEnabled();
});

test('checks the amount before the account fields, then the account fields, without a call', async () => {
  const { user } = open();
  await fill(user, '0', false);
  await user.click(submit());
  await screen.findByText('Invalid Amount');
  expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Amount'));
  await user.type(screen.getByLabelText('Amount'), '10');
  await user.click(submit());
  await screen.findByText('Missing Information');
  expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
  expect(api.posts()).toEqual([]);
});

test('shows a processing fee of $0.00 and a net equal to the amount', async () => {
  const { user } = open();
  await fill(user, '1234.5', false);
  const summary = within(screen.getByTestId('withdrawal-summary'));
  expect(summary.getByText('$0.00')).toBeInTheDocument();
  expect(summary.getAllByText('$1,234.50')).toHaveLength(2);
});

test('sends the request with an Idempotency-Key, toasts Withdrawal Requested and closes', async () => {
  const { user, onClose } = open();
  await fill(user, '250.5');
  await user.type(screen.getByLabelText('Reason (optional)'), 'Rent');
  await user.click(submit());
  await screen.findByText('Withdrawal Requested');
  expect(screen.getByText('Withdrawal of $250.50 has been submitted for processing')).toBeInTheDocument();
  expect(api.posts()).toEqual([
    {
      method: 'POST',
      path: '/api/backend/withdraw',
      body: {
        amount: 250.5,
        account_number: '12345678',
        bank_name: 'First Test Bank',
        account_name: 'Paydesk Merchant Ltd',
        reason: 'Rent',
      },
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    },
  ]);
  expect(onClose).toHaveBeenCalled();
});

test('a retry of the same request reuses its key; an edited request gets a new one', async () => {
  api.reply('POST /api/backend/withdraw', () => Promise.reject(new TypeError('Failed to fetch')));
  const { user } = open();
  await fill(user, '10');
  await user.click(submit());
  await screen.findByText('Please try again');
  await user.click(submit());
  await waitFor(() => expect(api.posts()).toHaveLength(2));
  await user.type(screen.getByLabelText('Amount'), '1');
  await user.click(submit());
  await waitFor(() => expect(api.posts()).toHaveLength(3));
  const [a, b, c] = api.posts().map((call) => call.idempotencyKey);
  expect(a).toBe(b);
  expect(c).not.toBe(a);
});

test.each([
  [
    'the server message',
    () => answer(409, { status: 'error', message: 'Insufficient balance. Available balance: $3.00' }),
    'Insufficient balance. Available balance: $3.00',
  ],
  ['Please try again without one', () => answer(502, '<html>Bad gateway</html>'), 'Please try again'],
])('a refused request shows Withdrawal Failed with %s and stays open', async (_case, reply, message) => {
  api.reply('POST /api/backend/withdraw', reply);
  const { user, onClose } = open();
  await fill(user, '10');
  await user.click(submit());
  await screen.findByText('Withdrawal Failed');
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
});
