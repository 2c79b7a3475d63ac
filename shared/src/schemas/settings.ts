import { z } from 'zod';

/** The settings model (DATA-14, SET-06): local to the browser, never sent. */
export const settingsModel = z.object({
  siteName: z.string(),
  adminEmail: z.string(),
  supportEmail: z.string(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  loginAlerts: z.boolean(),
  maintenanceMode: z.boolean(),
  twoFactorAuth: z.boolean(),
  sessionTimeout: z.number(),
  maxLoginAttempts: z.number(),
});
export type SettingsModel = z.infer<typeof settingsModel>;

/** Point 9 defaults. */
export const defaultSettings: SettingsModel = {
  siteName: 'Paydesk',
  adminEmail: 'admin@paydesk.test',
  supportEmail: 'support@paydesk.test',
  emailNotifications: true,
  smsNotifications: false,
  loginAlerts: true,
  maintenanceMode: false,
  twoFactorAuth: true,
  sessionTimeout: 30,
  maxLoginAttempts: 5,
};
