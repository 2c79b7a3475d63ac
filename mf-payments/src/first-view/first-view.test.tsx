/** @jest-environment node */
// As the build renders it: in Node, with no document.
import { fillCheckoutSlots } from '@paydesk/shared/first-view-slots';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { PayerPage } from '../components/payer-page';
import { SecurePaymentCard } from '../features/checkout/components/checkout-cards';
import { renderFirstView } from './first-view';
import { firstViewPages } from './first-view-pages';

const pages = firstViewPages();
const { html, head } = pages['./PayFormPage'] ?? { html: '', head: '' };

test('the pay form: its heading, fields, labels and button, with nothing typed', () => {
  expect(html).toContain('Make a Payment</h1>');
  for (const field of ['firstName', 'lastName', 'email', 'phone', 'amount']) expect(html).toContain(`data-field="${field}"`);
  for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Amount']) expect(html).toContain(`>${label}<`);
  expect(html).toMatch(/Pay <!-- -->\$0\.00|Pay \$0\.00/);
  expect(html).not.toMatch(/value="[^"]/);
});

test('a browser without scripts submits nothing: no submit button, no named field', () => {
  expect(html).not.toContain('type="submit"');
  expect(html).toContain('type="button"');
  expect(html).not.toMatch(/<input[^>]* name=/);
});

test("styles for every class the markup uses, and the dark scheme by the payer's system before any script", () => {
  const used = new Set(
    [...html.matchAll(/class="([^"]+)"/g)].flatMap((match) => (match[1] ?? '').split(' ')).filter((c) => c.startsWith('css-')),
  );
  expect(used.size).toBeGreaterThan(10);
  for (const name of used) expect(head).toContain(`.${name}`);
  expect(head).toMatch(/@media \(prefers-color-scheme: ?dark\)\{:root:not\(\.light\)\{[^}]*--mui-palette-background-default:#12141c/);
  expect(head).toContain('--mui-palette-background-default:#f5f6fa');
});

describe('the checkout widget', () => {
  const widget = pages['./CheckoutPage'] ?? { html: '', head: '' };
  const checkout: CheckoutRequest = {
    reference: 'chk_1',
    first_name: `<img src=x onerror="alert('1')">`,
    last_name: 'Lovelace & Co',
    email: 'ada@example.com',
    phone: '+15550101',
    amount: 1234.5,
    metadata: {},
    callback_url: null,
    status: 'pending',
  };

  test("painted once with stand-ins where a checkout's values go, for the server to fill", () => {
    expect(widget).toMatchObject({ fill: 'checkout' });
    expect(widget.html).toContain('Secure Payment</h1>');
    for (const slot of ['{{amount}}', '{{first_name}} {{last_name}}', '{{email}}']) expect(widget.html).toContain(`>${slot}<`);
    expect(widget.html).toMatch(/<button[^>]*type="button"[^>]*>Pay<\/button>/);
  });

  test('filled for a checkout, hostile names included, it is the widget painted with that checkout', () => {
    const painted = renderFirstView(
      <PayerPage>
        <SecurePaymentCard checkout={checkout} onPay={() => undefined} />
      </PayerPage>,
    );
    expect(fillCheckoutSlots(widget.html, checkout)).toBe(painted.html);
    expect(painted.html).not.toContain('<img');
  });
});
