import type { ApiKey } from '@paydesk/shared/schemas/api-keys';

/** An active secret key as the API lists it, with `over` changed. */
export const aKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key_1',
  kind: 'secret',
  name: 'Order service',
  prefix: 'sk_test_AbCd',
  publishable_key: null,
  status: 'active',
  created_by: 'Alex Admin',
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  ...over,
});
