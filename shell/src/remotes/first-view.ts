/**
 * The server paints a payer page before any script (server/src/frontends/first-view.ts), in an
 * element marked `data-first-view` that the page's first render replaces. What the payer types
 * there, the page itself carries over when it takes over. What the payer asks of a form there
 * (its button pressed, Enter in one of its fields) is held here, from the moment the shell's entry
 * runs, and asked again of the same form of the page once it has taken over.
 */
let held: number | undefined;

const formOf = (target: EventTarget | null): HTMLFormElement | undefined => {
  const form = target instanceof Element ? target.closest('[data-first-view] form') : null;
  return form instanceof HTMLFormElement ? form : undefined;
};

function hold(form: HTMLFormElement | undefined, event: Event): void {
  const view = form?.closest('[data-first-view]');
  if (!form || !view) return;
  event.preventDefault();
  held = [...view.querySelectorAll('form')].indexOf(form);
}

/** From the entry: holds what a form of the first view is asked, until submitHeld. */
export function holdFirstViewSubmits(): void {
  document.addEventListener('submit', (event) => hold(formOf(event.target), event), true);
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button')) hold(formOf(event.target), event);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement) hold(formOf(event.target), event);
    },
    true,
  );
}

/** After the page's first render: the held request, made of the same form of the page. */
export function submitHeld(root: HTMLElement): void {
  const form = held === undefined ? undefined : root.querySelectorAll('form')[held];
  held = undefined;
  form?.requestSubmit();
}
