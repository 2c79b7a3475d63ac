import { publicAnswer, publicConfig, type PublicConfig } from '@paydesk/shared/schemas/payer-api';
import { customError, publicFetch, type PublicResult } from './public-fetch';

let loaded: Promise<PublicResult<PublicConfig>> | null = null;

/** GET /api/public/config: fetched once for the life of the page (again only after a failure). */
export function loadPublicConfig(): Promise<PublicResult<PublicConfig>> {
  loaded ??= publicFetch({ url: '/public/config' }, publicAnswer(publicConfig)).then((answer) => {
    const result = 'error' in answer ? answer : answer.data.data ? { data: answer.data.data } : customError('Invalid response');
    if ('error' in result) loaded = null;
    return result;
  });
  return loaded;
}

/** Forgets the configuration (tests start each page afresh). */
export function forgetPublicConfig(): void {
  loaded = null;
}
