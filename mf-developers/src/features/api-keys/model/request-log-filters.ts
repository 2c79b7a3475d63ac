import { choiceField, textField, type ListFields } from '@paydesk/shared/list-state';
import { statusClasses } from '@paydesk/shared/schemas/api-keys';
import { pagingFields } from '../../../components/list-paging';
import type { RequestListArgs } from '../api/api-keys-api';

/** The longest part of a path the filter takes (the API's limit). */
export const MAX_PATH = 200;

/** The request log in the address: `?key=&status=&path=&page=&limit=`, each only when not the default. */
export const requestLogFields: ListFields<RequestListArgs> = {
  keyId: { fallback: 'all', parse: (text) => (/^\S{1,64}$/.test(text) ? text : undefined), name: 'key' },
  statusClass: choiceField(['all', ...statusClasses], 'all', { name: 'status' }),
  path: textField(MAX_PATH),
  ...pagingFields,
};
