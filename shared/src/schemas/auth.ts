import { z } from 'zod';
import { withData } from './common';
import { paymentProcessorInfo } from './payment-processor';
import { role } from './role';
import { permissionKey } from './roles';

export const loginRequest = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The user as the server sends it at sign-in (AUTH-02: id, name, role, email). */
export const loginUser = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  email: z.string(),
});

/** A session: the answer of a sign-in without a second factor, and of the second step. */
export const signedInData = z.object({ token: z.string(), user: loginUser });

/** A correct password of a user with a second factor (or required to enrol): a short-lived challenge, no session (AUTH-12, AUTH-14). */
export const challengeData = z.object({
  challenge: z.string(),
  next: z.enum(['code', 'enrol']),
  expires_at: z.string(),
  /** What the second step accepts (AUTH-18): `code` (a TOTP or recovery code), `passkey`; none while enrolling. */
  factors: z.array(z.enum(['code', 'passkey'])),
});

export const loginResponse = withData(z.union([signedInData, challengeData]));
export type LoginResponse = z.infer<typeof loginResponse>;
export const signedInResponse = withData(signedInData);
export type SignedInData = z.infer<typeof signedInData>;

export { authUser } from './auth-user';
export type { AuthUser } from './auth-user';

/**
 * GET /api/auth/me: the signed-in user, and who decides payment outcomes (the top bar's Sandbox
 * badge). `permissions` is what the user's role holds right now, sorted (PERM-09): the menu and
 * the buttons read it, never the role's key; `role_name` is the role's name as shown. `mode` is
 * the product's: demo mode offers what only a demo does (a dispute opened by hand).
 */
export const meResponse = withData(
  loginUser.extend({
    role_name: z.string(),
    permissions: z.array(permissionKey),
    payment_processor: paymentProcessorInfo,
    mode: z.enum(['demo', 'production']),
  }),
);
export type Me = z.infer<typeof meResponse>['data'];
