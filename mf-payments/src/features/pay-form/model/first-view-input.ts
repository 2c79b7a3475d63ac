import { emptyPayForm, sanitizeAmount, type PayFormValues } from './pay-form-values';

export interface FirstViewInput {
  values: Partial<PayFormValues>;
  /** The field the payer was in, to be in it again. */
  focused?: keyof PayFormValues;
}

export interface TakenFirstView extends FirstViewInput {
  /**
   * The first view as it is when the page has replaced it (from the page's commit), and the end
   * of watching it. The shell renders the page in slices, so the payer may go on typing in the
   * first view, or move to another of its fields, between the first render and the commit.
   */
  atCommit?: () => FirstViewInput;
}

const fieldNames = Object.keys(emptyPayForm) as (keyof PayFormValues)[];
const isField = (name: string | null): name is keyof PayFormValues => fieldNames.includes(name as keyof PayFormValues);

function read(inputs: Iterable<HTMLInputElement>, isFocused: (input: HTMLInputElement) => boolean): FirstViewInput {
  const values: Partial<PayFormValues> = {};
  let focused: keyof PayFormValues | undefined;
  for (const input of inputs) {
    const name = input.getAttribute('data-field');
    if (!isField(name)) continue;
    values[name] = name === 'amount' ? sanitizeAmount(input.value) : input.value;
    if (isFocused(input)) focused = name;
  }
  return focused ? { values, focused } : { values };
}

/**
 * The server paints the pay form in its first response (`[data-first-view]`, server/src/frontends/
 * first-view.ts), and the page's first commit replaces that markup. Read at the first render,
 * while the markup is still in the document, so nothing the payer typed (or the browser filled in)
 * is lost; and kept, with the field last focused in it, until `atCommit` reads it again. A form
 * that mounts later finds no first view, and starts empty, as does the first view's own render at
 * build time (no document).
 */
export function takeFirstViewInput(): TakenFirstView {
  if (typeof document === 'undefined') return { values: {} };
  const inputs = [...document.querySelectorAll<HTMLInputElement>('[data-first-view] input[data-field]')];
  const taken = read(inputs, (input) => input === document.activeElement);
  if (inputs.length === 0) return taken;
  // The commit removes the focused field from the document, so the focus is followed as it moves.
  let last = inputs.find((input) => input === document.activeElement);
  const follow = (event: FocusEvent) => {
    last = inputs.find((input) => input === event.target);
  };
  // A field the payer left, not one the commit removed: the browser may blur a field it is removing
  // before it is out of the document, so this looks once the commit's task is over.
  const leave = (event: FocusEvent) => {
    const left = event.target;
    queueMicrotask(() => {
      if (left === last && last?.isConnected && document.activeElement !== last) last = undefined;
    });
  };
  document.addEventListener('focusin', follow, true);
  document.addEventListener('focusout', leave, true);
  const atCommit = () => {
    document.removeEventListener('focusin', follow, true);
    document.removeEventListener('focusout', leave, true);
    return read(inputs, (input) => input === last);
  };
  return { ...taken, atCommit };
}
