import type { DeployToken } from '@paydesk/shared/schemas/platform';

/** An active deploy token of mf_reports as the API lists it, with `over` changed. */
export const aToken = (over: Partial<DeployToken> = {}): DeployToken => ({
  id: 'dtk_1',
  remote: 'mf_reports',
  prefix: 'pdt_xxxxxxxx',
  created_by: 'Sam Super',
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...over,
});
