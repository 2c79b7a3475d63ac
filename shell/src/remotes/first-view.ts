/**
 * The server paints a payer page before any script (server/src/frontends/first-view.ts), in an
 * element marked `data-first-view` that the page's first render replaces. What the payer types
 * there, the page itself carries over when it takes over. What the payer asks of it (a form's
 * button pressed or Enter in one of its fields; a button outside any form pressed, as the
 * widget's Pay) is held here, from the moment the shell's entry runs, and asked again of the same
 * form or button of the page once it has taken over.
 */
let held: { form: number } | { button: number } | undefined;

function hold(target: EventTarget | null, event: Event, button: boolean): void {
  const view = target instanceof Element ? target.closest('[data-first-view]') : null;
  if (!view) return;
  const form = target instanceof Element ? target.closest('form') : null;
  const pressed = button && target instanceof Element ? target.closest('button') : null;
  if (form) held = { form: [...view.querySelectorAll('form')].indexOf(form) };
  else if (pressed) held = { button: [...view.querySelectorAll('button')].indexOf(pressed) };
  else return;
  event.preventDefault();
}

/** From the entry: holds what the first view is asked, until submitHeld. */
export function holdFirstViewSubmits(): void {
  document.addEventListener('submit', (event) => hold(event.target, event, false), true);
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button')) hold(event.target, event, true);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.form) hold(event.target, event, false);
    },
    true,
  );
}

/** After the page's first render: the held request, made of the same form or button of the page. */
export function submitHeld(root: HTMLElement): void {
  const asked = held;
  held = undefined;
  if (asked && 'form' in asked) root.querySelectorAll('form')[asked.form]?.requestSubmit();
  if (asked && 'button' in asked) root.querySelectorAll('button')[asked.button]?.click();
}
