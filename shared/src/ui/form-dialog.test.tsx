import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { FormDialog, type FormDialogProps } from './form-dialog';

function open(props: Partial<FormDialogProps> = {}) {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  const rendered = render(
    <FormDialog
      title="Rename thing"
      description="The new name shows everywhere."
      submit={{ label: 'Rename', busyLabel: 'Renaming...' }}
      busy={false}
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    >
      <TextField label="Hidden" type="hidden" />
      <TextField label="Locked" disabled />
      <TextField label="Name" />
      <TextField label="Note" />
    </FormDialog>,
  );
  return { onSubmit, onClose, user: userEvent.setup(), ...rendered };
}

/** The area around the dialog's paper, which closes it when clicked. */
const backdrop = () => document.querySelector<HTMLElement>('.MuiDialog-container')!;

test('is named by its title, described by its text, and puts the focus on its first field', () => {
  open();
  const dialog = screen.getByRole('dialog', { name: 'Rename thing' });
  expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('The new name shows everywhere.');
  expect(document.activeElement).toBe(screen.getByLabelText('Name'));
});

test('Enter in a field submits, once', async () => {
  const { onSubmit, onClose, user } = open();
  await user.type(screen.getByLabelText('Note'), 'A note{Enter}');
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onClose).not.toHaveBeenCalled();
});

test('the submit button submits; Cancel, Escape and the backdrop close', async () => {
  const { onSubmit, onClose, user } = open();
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await user.keyboard('{Escape}');
  await user.click(backdrop());
  expect(onClose).toHaveBeenCalledTimes(3);
});

test('while busy: the busy label, both buttons disabled, and neither Escape, the backdrop nor Enter does anything', async () => {
  const { onSubmit, onClose, user } = open({ busy: true });
  expect(screen.getByRole('button', { name: 'Renaming...' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await user.keyboard('{Escape}');
  await user.click(backdrop());
  await user.type(screen.getByLabelText('Name'), '{Enter}');
  expect(onClose).not.toHaveBeenCalled();
  expect(onSubmit).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Rename thing' })).toBeInTheDocument();
});

test('a disabled submit button is not pressed by Enter either', async () => {
  const { onSubmit, user } = open({ submit: { label: 'Rename', disabled: true } });
  expect(screen.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await user.type(screen.getByLabelText('Name'), 'x{Enter}');
  expect(onSubmit).not.toHaveBeenCalled();
});

test('the error line is announced, and absent when there is no error', () => {
  const { rerender } = open({ error: 'That name is taken' });
  expect(screen.getByRole('alert').textContent).toBe('That name is taken');
  rerender(
    <FormDialog title="Rename thing" submit={{ label: 'Rename' }} busy={false} onSubmit={jest.fn()} onClose={jest.fn()}>
      <TextField label="Name" />
    </FormDialog>,
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('another button in place of Cancel does its own thing, and may stay pressable while busy', async () => {
  const back = jest.fn();
  const { onClose, user } = open({ busy: true, cancel: { label: 'Stop', onClick: back } });
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  expect(back).toHaveBeenCalledTimes(1);
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
});
