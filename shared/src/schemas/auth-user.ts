// zod/mini: the store reads this from local storage when it is made, payer pages included (they
// load the store to pay), and full zod would come with it.
import { z } from 'zod/mini';

/** The auth user kept in local storage under `admin_user` (DATA-05, AUTH-04: username from name). */
export const authUser = z.object({
  id: z.number().check(z.refine(Number.isSafeInteger)),
  username: z.string(),
  /** A role key, built in or custom (PERM-04); what it may do is `permissions` of GET /api/auth/me. */
  role: z.string().check(z.regex(/^[a-z][a-z0-9_]{1,39}$/)),
  email: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;
