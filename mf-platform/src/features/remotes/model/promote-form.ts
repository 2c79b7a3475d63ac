import { z } from 'zod';

export type Audience = 'everyone' | 'canary';

/** The share a canary is given: whole percents below 100 (100 is everyone). */
const canaryPercent = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, 'A share from 1 to 99 %')
  .transform(Number)
  .pipe(z.number().int().min(1, 'A share from 1 to 99 %').max(99, 'A share from 1 to 99 %'));

/** The promote form: everyone (100) or a canary for the given share, as the API's `percent`. */
export function parsePromoteForm(audience: Audience, percent: string): { ok: true; percent: number } | { ok: false; error: string } {
  if (audience === 'everyone') return { ok: true, percent: 100 };
  const checked = canaryPercent.safeParse(percent);
  return checked.success
    ? { ok: true, percent: checked.data }
    : { ok: false, error: checked.error.issues[0]?.message ?? 'A share from 1 to 99 %' };
}
