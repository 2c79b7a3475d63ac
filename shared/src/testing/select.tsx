import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** Chooses an option of MUI's Select as a user does: opens the combobox, clicks the option by its text. */
export async function chooseOption(combobox: HTMLElement, option: string, user: User = userEvent.setup()): Promise<void> {
  await user.click(combobox);
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** The options a Select offers, in order: opens it, reads them, and closes it with Escape. */
export async function optionsOf(combobox: HTMLElement, user: User = userEvent.setup()): Promise<string[]> {
  await user.click(combobox);
  const options = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return options;
}
