import type { BuiltInRole } from '@paydesk/shared/roles';

/** The seeded staff accounts (README). Their password is DEMO_PASSWORD unless overridden. */
export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: BuiltInRole }[] = [
  { email: 'superadmin@paydesk.test', name: 'Sam Super', role: 'super_admin' },
  { email: 'admin@paydesk.test', name: 'Alex Admin', role: 'admin' },
  { email: 'viewer@paydesk.test', name: 'Vic Viewer', role: 'viewer' },
];
