import { z } from 'zod';

/**
 * A role's key, as users.role and the roles table hold it (PERM-04): a built-in role's
 * (`super_admin`, `admin`, `viewer`) or a custom role's. Lowercase letters, digits and `_`,
 * starting with a letter, 2 to 40 characters.
 */
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;

export const roleKey = z.string().regex(ROLE_KEY_PATTERN, 'A role key is 2 to 40 lowercase letters, digits or _, starting with a letter');

/** A user's role on the wire: any role key (whether it exists is the server's to say). */
export const role = roleKey;
