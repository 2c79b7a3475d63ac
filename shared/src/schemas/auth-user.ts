// zod/mini: the store reads this from local storage when it is made, payer pages included (they
// load the store to pay), and full zod would come with it.
import { z } from 'zod/mini';
import { roles } from '../roles';

/** The auth user kept in local storage under `admin_user` (DATA-05, AUTH-04: username from name). */
export const authUser = z.object({
  id: z.number().check(z.refine(Number.isSafeInteger)),
  username: z.string(),
  role: z.enum(roles),
  email: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;
