import type { Locator } from 'playwright-core';

const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Chooses an option of MUI's Select as a user does: opens the combobox, clicks the option by its
 * text in the listbox it controls, and waits for the menu to close and the combobox to show the
 * option: a filter kept in the address renders after the menu has closed, and a test that reads
 * the list at once would read the one before.
 */
export async function chooseOption(combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  const listbox = combobox.page().getByRole('listbox');
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await listbox.waitFor({ state: 'detached' });
  await combobox.filter({ hasText: exactly(option) }).waitFor();
}

/** The options a Select offers, in order: opens it, reads them, and closes it with Escape. */
export async function optionsOf(combobox: Locator): Promise<string[]> {
  await combobox.click();
  const listbox = combobox.page().getByRole('listbox');
  const options = await listbox.getByRole('option').allTextContents();
  await combobox.page().keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  return options;
}
