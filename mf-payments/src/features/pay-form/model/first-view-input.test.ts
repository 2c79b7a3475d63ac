import { takeFirstViewInput } from './first-view-input';

/** The server's first view of the pay form, as the page's first render finds it. */
function firstView() {
  document.body.innerHTML =
    '<div data-first-view><input data-field="firstName"><input data-field="amount"><button>Pay</button></div><p tabindex="-1">Elsewhere</p>';
  const [firstName, amount] = document.querySelectorAll<HTMLInputElement>('[data-first-view] input');
  return { firstName: firstName!, amount: amount!, commit: () => document.querySelector('[data-first-view]')?.remove() };
}

test('at the commit: what was typed since the first render, and the field the payer moved to, though the commit removed it', () => {
  const { firstName, amount, commit } = firstView();
  firstName.focus();
  const taken = takeFirstViewInput();
  expect(taken).toMatchObject({ values: { firstName: '', amount: '' }, focused: 'firstName' });
  firstName.value = 'Ada';
  amount.focus();
  amount.value = '12.5x';
  // The browser may blur the field it is about to remove: still in the document as it does.
  amount.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  commit();
  expect(taken.atCommit?.()).toEqual({ values: { firstName: 'Ada', amount: '12.5' }, focused: 'amount' });
});

test('a field the payer left for something else is not the field to be in', async () => {
  const { firstName, commit } = firstView();
  firstName.focus();
  const taken = takeFirstViewInput();
  document.querySelector<HTMLElement>('p')?.focus();
  commit();
  expect(taken.atCommit?.().focused).toBeUndefined();
  const again = firstView();
  again.firstName.focus();
  const blurred = takeFirstViewInput();
  again.firstName.blur();
  await Promise.resolve(); // the payer's own blur, well before the commit
  again.commit();
  expect(blurred.atCommit?.().focused).toBeUndefined();
});

test('the first view is watched until the commit only; a form with no first view has nothing to take over', () => {
  const { firstName, amount, commit } = firstView();
  const taken = takeFirstViewInput();
  amount.focus();
  expect(taken.atCommit?.().focused).toBe('amount');
  firstName.focus();
  commit();
  expect(taken.atCommit?.().focused).toBe('amount');
  expect(takeFirstViewInput()).toEqual({ values: {} });
});
