/** The issuer's challenge form, taken out of the redirect HTML without running or inserting it. */
export interface ChallengeForm {
  action: string;
  fields: [name: string, value: string][];
}

const originOf = (address: string, base?: string): string | null => {
  try {
    return new URL(address, base).origin;
  } catch {
    return null;
  }
};

/**
 * Parses `redirectHtml` with DOMParser: an inert document, whose scripts never run and which is
 * never attached to the page. Only one form posting to the challenge origin is accepted, and only
 * its hidden inputs are kept; the caller builds its own form from them.
 */
export function parseChallengeForm(html: string, challengeOrigin: string): ChallengeForm | null {
  const expected = originOf(challengeOrigin);
  if (!expected || expected === 'null') return null;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const forms = doc.querySelectorAll('form');
  if (forms.length !== 1) return null;
  const form = forms[0]!;
  const action = form.getAttribute('action') ?? '';
  // Absolute addresses only: a relative one would resolve against the payer page.
  if (!/^https?:\/\//i.test(action) || originOf(action) !== expected) return null;
  if ((form.getAttribute('method') ?? 'get').toLowerCase() !== 'post') return null;
  const fields: [string, string][] = [];
  form.querySelectorAll('input[type="hidden"]').forEach((input) => {
    const name = input.getAttribute('name');
    if (name) fields.push([name, input.getAttribute('value') ?? '']);
  });
  return { action: new URL(action).href, fields };
}
