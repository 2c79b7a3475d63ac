import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import PayFormPage from './pay-form-page';
import { mockPublicApi } from '../testing/public-api-mock';

jest.setTimeout(20_000);
let api: ReturnType<typeof mockPublicApi>;
beforeEach(() => {
  api = mockPublicApi();
});
afterEach(() => api.restore());

async function fill(values: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Phone' | 'Amount', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
  return user;
}

const all = { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: 'ada@example.com', Phone: '5550100', Amount: '25.5' };

test('shows the payer no build label', () => {
  renderWithProviders(<PayFormPage />);
  expect(screen.queryByText(/mf-payments/)).not.toBeInTheDocument();
});

test('an empty form says Missing Information first', async () => {
  renderWithProviders(<PayFormPage />);
  const user = await fill({ Email: 'no-at-sign', Amount: '0' });
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  expect(await screen.findByText('Missing Information')).toBeInTheDocument();
  expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('then the e-mail, then the amount', async () => {
  renderWithProviders(<PayFormPage />);
  const user = await fill({ ...all, Email: 'ada.example.com', Amount: '0' });
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.queryByText('Invalid Amount')).not.toBeInTheDocument();

  await user.type(screen.getByLabelText(/^Email/), '{selectall}ada@example.com');
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  expect(await screen.findByText('Invalid Amount')).toBeInTheDocument();
  expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
});

test('the amount keeps digits and one dot, with a $ prefix, and the button shows it', async () => {
  renderWithProviders(<PayFormPage />);
  await fill({ Amount: '1a2.3.4' });
  expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('12.34');
  expect(screen.getByText('$')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pay $12.34' })).toBeInTheDocument();
  expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('false');
});

test('a third decimal is shown as typed and invalid, never rounded, and the form refuses it with Invalid Amount', async () => {
  renderWithProviders(<PayFormPage />);
  const user = await fill({ ...all, Amount: '12.345' });
  const field = screen.getByLabelText(/^Amount/) as HTMLInputElement;
  expect(field.value).toBe('12.345');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByRole('button', { name: 'Pay $12.35' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  expect(await screen.findByText('Invalid Amount')).toBeInTheDocument();
  expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('valid data opens the Card Payment dialog with the amount and payee', async () => {
  renderWithProviders(<PayFormPage />);
  const user = await fill(all);
  await user.click(screen.getByRole('button', { name: 'Pay $25.50' }));
  const dialog = await screen.findByRole('dialog', { name: 'Card Payment' });
  expect(dialog.textContent).toContain('$25.50');
  expect(dialog.textContent).toContain('Ada Lovelace');
  expect(dialog.textContent).not.toContain('Reference');
});

test('the footer links to the support e-mail of the configuration', async () => {
  renderWithProviders(<PayFormPage />);
  const link = await screen.findByRole('link', { name: 'support@paydesk.test' });
  expect(link.getAttribute('href')).toBe('mailto:support@paydesk.test');
  expect(api.callsTo('/api/public/config')).toHaveLength(1);
});

test('by keyboard alone: Enter in a field opens the card dialog, Escape closes it and focus is on Pay again', async () => {
  renderWithProviders(<PayFormPage />);
  const user = userEvent.setup();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/));
  for (const value of Object.values(all)) {
    await user.keyboard(value);
    await user.tab();
  }
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay $25.50' }));
  await user.click(screen.getByLabelText(/^Amount/));
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Card Payment' });
  await user.tab();
  expect(dialog.contains(document.activeElement)).toBe(true);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay $25.50' }));
});

test.each([
  ['.5', '$0.50'],
  ['0.10', '$0.10'],
  ['4.35', '$4.35'],
])('the amount %p is read from its digits: Pay %s, and the card dialog asks for it', async (amount, shown) => {
  renderWithProviders(<PayFormPage />);
  const user = await fill({ ...all, Amount: amount });
  await user.click(screen.getByRole('button', { name: `Pay ${shown}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Card Payment' });
  expect(within(dialog).getByTestId('card-dialog-amount').textContent).toContain(shown);
});

test('1e3 cannot be typed as a thousand: the field keeps the digits only', async () => {
  renderWithProviders(<PayFormPage />);
  await fill({ Amount: '1e3' });
  expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('13');
  expect(screen.getByRole('button', { name: 'Pay $13.00' })).toBeInTheDocument();
  await screen.findByRole('link', { name: 'support@paydesk.test' });
});

test('what the payer typed into the first view before the scripts ran stays, and so does the field they were in', async () => {
  // The server's first view (server/src/frontends/first-view.ts), still in the document at the page's first render.
  document.body.insertAdjacentHTML(
    'beforeend',
    '<div data-first-view><input data-field="firstName"><input data-field="amount"><input data-field="cardNumber"></div>',
  );
  const [firstName, amount, unknown] = document.querySelectorAll<HTMLInputElement>('[data-first-view] input');
  firstName!.value = 'Ada';
  amount!.value = '12.5x';
  unknown!.value = '4242';
  amount!.focus();
  renderWithProviders(<PayFormPage />);
  document.querySelector('[data-first-view]')?.remove();
  expect(screen.getByLabelText(/^First Name/)).toHaveValue('Ada');
  expect(screen.getByLabelText(/^Last Name/)).toHaveValue('');
  expect(screen.getByLabelText(/^Amount/)).toHaveValue('12.5');
  expect(screen.getByRole('button', { name: 'Pay $12.50' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText(/^Amount/)).toHaveFocus());
});

test('what the payer typed into the first view while the page rendered stays too, in the field they moved to', async () => {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<div data-first-view><input data-field="firstName"><input data-field="amount"><button>Pay</button></div>',
  );
  const [firstName, amount] = document.querySelectorAll<HTMLInputElement>('[data-first-view] input');
  firstName!.value = 'Ad';
  firstName!.focus();
  // Rendered after the form (a sibling): the payer types on between the form's first render and the commit.
  function TypedMeanwhile() {
    firstName!.value = 'Ada';
    amount!.focus();
    amount!.value = '7';
    return null;
  }
  renderWithProviders(
    <>
      <PayFormPage />
      <TypedMeanwhile />
    </>,
  );
  document.querySelector('[data-first-view]')?.remove();
  expect(screen.getByLabelText(/^First Name/)).toHaveValue('Ada');
  expect(screen.getByLabelText(/^Amount/)).toHaveValue('7');
  expect(screen.getByRole('button', { name: 'Pay $7.00' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText(/^Amount/)).toHaveFocus());
});
