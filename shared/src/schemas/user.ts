import { z } from 'zod';
import { role } from './role';

export const userStatuses = ['active', 'inactive', 'suspended'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

/** Admin user as listed (spec point 3); password is send-only and never returned. */
export const adminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role,
  status: userStatus,
  created_at: z.string().optional(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const usersResponse = z.object({ data: z.array(adminUser) });

const password = z
  .string()
  .min(12, 'Password must be at least 12 characters and contain letters and digits')
  .max(256)
  .regex(/[A-Za-z]/, 'Password must be at least 12 characters and contain letters and digits')
  .regex(/\d/, 'Password must be at least 12 characters and contain letters and digits');

export const createUserRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
  password,
  role: role.default('viewer'),
  status: userStatus.default('active'),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = createUserRequest.extend({
  password: z.union([password, z.literal('')]).optional(),
  status: userStatus,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;
