import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

function open(busy: boolean) {
  const onConfirm = jest.fn();
  const onClose = jest.fn();
  render(
    <ConfirmDialog
      title="Delete thing?"
      confirm={{ label: 'Delete', busyLabel: 'Deleting...' }}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      The thing goes for good.
    </ConfirmDialog>,
  );
  return { onConfirm, onClose, user: userEvent.setup() };
}

test('is named by its title and described by its text', () => {
  open(false);
  const dialog = screen.getByRole('dialog', { name: 'Delete thing?' });
  expect(dialog).toHaveAccessibleDescription('The thing goes for good.');
});

test('confirms and cancels', async () => {
  const { onConfirm, onClose, user } = open(false);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('while busy: the busy label, both buttons disabled, and Escape does not close it', async () => {
  const { onClose, user } = open(true);
  expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await user.keyboard('{Escape}');
  expect(onClose).not.toHaveBeenCalled();
});
