import type { DeployToken } from '@paydesk/shared/schemas/platform';
import type { StatusTone } from '@paydesk/shared/ui/status-chip';

/** A token works until it is revoked: it has no expiry of its own. */
export const isActive = (token: DeployToken): boolean => token.revoked_at === null;

export const tokenStatusLook = (token: DeployToken): { label: string; tone: StatusTone } =>
  isActive(token) ? { label: 'Active', tone: 'success' } : { label: 'Revoked', tone: 'neutral' };
