import { z } from 'zod';
import { refusePersonalPassword, staffPassword } from './password';
import { role } from './role';

export const userStatuses = ['active', 'inactive', 'suspended'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

/** Admin user as listed (DATA-10); password is send-only and never returned. */
export const adminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role,
  status: userStatus,
  created_at: z.string().optional(),
  /** A confirmed second factor (AUTH-13: what a super_admin may reset). */
  two_factor: z.boolean().optional(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const usersResponse = z.object({ data: z.array(adminUser) });

const userFields = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
  password: staffPassword,
  role: role.default('viewer'),
  status: userStatus.default('active'),
});

/** A new user; the password may be neither common nor the person's own name or e-mail address. */
export const createUserRequest = userFields.superRefine(refusePersonalPassword);
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/**
 * An edit; an empty or absent password keeps the current one. Left without the object-level
 * check so a form can omit the password field (the server adds it: updateUserBody).
 */
export const updateUserRequest = userFields.extend({
  password: z.union([staffPassword, z.literal('')]).optional(),
  status: userStatus,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** What PUT /api/backend/users/{id} accepts: an edit whose new password, if any, is not personal. */
export const updateUserBody = updateUserRequest.superRefine(refusePersonalPassword);
