import { PAGE_ANSWERS_ID } from '@paydesk/shared/first-view-slots';

let answers: Record<string, unknown> | undefined;

function read(): Record<string, unknown> {
  if (typeof document === 'undefined') return {};
  try {
    const parsed: unknown = JSON.parse(document.getElementById(PAGE_ANSWERS_ID)?.textContent ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/**
 * The body the server sent in the page for a GET of `url` (below /api), with the page's first
 * view (server/src/frontends/first-view.ts): the page's first render needs no round trip. Read
 * as often as asked (a render may run twice) until forgotten.
 */
export function pageAnswer(url: string): unknown {
  answers ??= read();
  return Object.hasOwn(answers, url) ? answers[url] : undefined;
}

/** Once the page has used it: a later render (Try Again, the page shown again) asks the API. */
export function forgetPageAnswer(url: string): void {
  answers ??= read();
  delete answers[url];
}

/** Reads the page again (tests put a new page in place). */
export function rereadPageAnswers(): void {
  answers = undefined;
}
