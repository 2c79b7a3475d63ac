import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { aRefund, fakeApi, type Posted } from '../../../testing/fake-api';
import { RefundDialog } from './refund-dialog';

let api: ReturnType<typeof fakeApi>;

const created = (_url: URL, posted?: Posted) => ({
  status: 201,
  body: {
    status: 'success',
    message: 'Refund created',
    data: aRefund({ amount: (posted?.body as { amount: number }).amount.toFixed(2), status: 'pending', settled_at: null }),
  },
});

/** The dialog with $200.00 left to refund, its amount replaced by what is typed. */
async function typeAmount(typed: string) {
  api = fakeApi({ 'POST /api/backend/transactions/:id/refunds': created });
  const onClose = jest.fn();
  renderWithProviders(
    <RefundDialog transaction={{ transaction_id: 'PDAAAA0001', last_four: '4242' }} leftCents={20_000} onClose={onClose} />,
    {
      preloadedState: sessionOf(testUsers.admin),
    },
  );
  // No pause between keystrokes: each case is about what is typed, not when.
  const user = userEvent.setup({ delay: null });
  const dialog = within(screen.getByRole('dialog', { name: 'Refund payment' }));
  await user.clear(dialog.getByLabelText('Amount'));
  await user.type(dialog.getByLabelText('Amount'), typed);
  return { dialog, user, onClose };
}

test.each([
  ['.5', '$0.50', 0.5],
  ['0.10', '$0.10', 0.1],
  ['12.340', '$12.34', 12.34],
  ['4.35', '$4.35', 4.35],
])('%p is read from its digits: %s is confirmed and sent', async (typed, shown, sent) => {
  const { dialog, user, onClose } = await typeAmount(typed);
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  expect(dialog.getByTestId('refund-confirmation').textContent).toBe(`Refund ${shown} to the card ending 4242?`);
  await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
  await screen.findByText('Refund created');
  expect(api.posts.map((post) => post.body)).toEqual([{ amount: sent, reason: 'requested_by_customer' }]);
  expect(onClose).toHaveBeenCalled();
});

test.each(['12.345', '0.001', '12.340000001'])('%p has a part of a cent: refused with the rule, never rounded', async (typed) => {
  const { dialog } = await typeAmount(typed);
  expect(dialog.getByText('The amount may have at most two decimals')).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('1e3 cannot be typed as a thousand: the field keeps the digits only', async () => {
  const { dialog, user } = await typeAmount('1e3');
  expect(dialog.getByLabelText('Amount')).toHaveValue('13');
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  expect(dialog.getByTestId('refund-confirmation').textContent).toBe('Refund $13.00 to the card ending 4242?');
});

test('Enter in the amount goes on to the confirmation', async () => {
  const { dialog } = await typeAmount('20{Enter}');
  expect(dialog.getByTestId('refund-confirmation').textContent).toBe('Refund $20.00 to the card ending 4242?');
  expect(dialog.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  expect(api.posts).toEqual([]);
});
