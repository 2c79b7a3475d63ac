import { z } from 'zod';
import { withData } from './common';
import { role } from '../roles';

export const loginRequest = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The user as the server sends it at sign-in (spec point 7: id, name, role, email). */
export const loginUser = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  email: z.string(),
});

export const loginResponse = withData(z.object({ token: z.string(), user: loginUser }));
export type LoginResponse = z.infer<typeof loginResponse>;

/** The auth user kept in local storage under `admin_user` (spec point 3: username from name). */
export const authUser = z.object({
  id: z.number().int(),
  username: z.string(),
  role,
  email: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

export const meResponse = withData(loginUser);
