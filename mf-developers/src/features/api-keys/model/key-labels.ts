import type { ApiKey, ApiKeyKind, StatusClass } from '@paydesk/shared/schemas/api-keys';

export const kindLabel = (kind: ApiKeyKind): string => (kind === 'secret' ? 'Secret' : 'Publishable');

export const kindOptions = [
  { value: 'secret', label: 'Secret key (your server)' },
  { value: 'publishable', label: 'Publishable key (payer pages)' },
] as const;
export const parseKind = (value: string): ApiKeyKind => (value === 'publishable' ? 'publishable' : 'secret');

/** A key that still works may be rolled or revoked (KEY-05, KEY-06). */
export const isWorking = (key: ApiKey): boolean => key.status === 'active' || key.status === 'expiring';

export const statusClassOptions: readonly { value: StatusClass | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: '2xx', label: '2xx (success)' },
  { value: '3xx', label: '3xx' },
  { value: '4xx', label: '4xx (refused)' },
  { value: '5xx', label: '5xx (failed)' },
];
export const parseStatusClass = (value: string): StatusClass | 'all' => statusClassOptions.find((o) => o.value === value)?.value ?? 'all';
