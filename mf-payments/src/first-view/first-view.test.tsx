/** @jest-environment node */
// As the build renders it: in Node, with no document.
import { firstViewPages } from './first-view-pages';

const { html, head } = firstViewPages()['./PayFormPage'] ?? { html: '', head: '' };

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
