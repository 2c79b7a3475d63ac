import { z } from 'zod';
import { withData } from './common';
import { paymentProcessorInfo } from './payment-processor';
import { role } from './role';

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

export const loginResponse = withData(z.object({ token: z.string(), user: loginUser }));
export type LoginResponse = z.infer<typeof loginResponse>;

export { authUser } from './auth-user';
export type { AuthUser } from './auth-user';

/** GET /api/auth/me: the signed-in user, and who decides payment outcomes (the top bar's Sandbox badge). */
export const meResponse = withData(loginUser.extend({ payment_processor: paymentProcessorInfo }));
export type Me = z.infer<typeof meResponse>['data'];
