import { emptyPayForm, sanitizeAmount, type PayFormValues } from './pay-form-values';

export interface FirstViewInput {
  values: Partial<PayFormValues>;
  /** The field the payer was in, to be in it again. */
  focused?: keyof PayFormValues;
}

const fieldNames = Object.keys(emptyPayForm) as (keyof PayFormValues)[];
const isField = (name: string | null): name is keyof PayFormValues => fieldNames.includes(name as keyof PayFormValues);

/**
 * The server paints the pay form in its first response (`[data-first-view]`, server/src/frontends/
 * first-view.ts), and the page's first render replaces that markup. Read at that first render,
 * while the markup is still in the document, so nothing the payer typed (or the browser filled in)
 * is lost. A form that mounts later finds no first view, and starts empty, as does the first
 * view's own render at build time (no document).
 */
export function takeFirstViewInput(): FirstViewInput {
  if (typeof document === 'undefined') return { values: {} };
  const inputs = document.querySelectorAll<HTMLInputElement>('[data-first-view] input[data-field]');
  const values: Partial<PayFormValues> = {};
  let focused: keyof PayFormValues | undefined;
  for (const input of inputs) {
    const name = input.getAttribute('data-field');
    if (!isField(name)) continue;
    if (input.value) values[name] = name === 'amount' ? sanitizeAmount(input.value) : input.value;
    if (input === document.activeElement) focused = name;
  }
  return focused ? { values, focused } : { values };
}
