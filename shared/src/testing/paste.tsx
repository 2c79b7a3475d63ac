// .tsx only because the package serves `./testing/*` as .tsx files (package.json exports).
import userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/**
 * Puts text in a field as one paste: a single input event instead of one render per character,
 * for tests whose subject is not the typing itself.
 */
export async function pasteInto(user: User, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
