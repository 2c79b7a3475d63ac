import { publicAnswer, publicConfig, type PublicConfig } from '@paydesk/shared/schemas/payer-api';
import { pageAnswer } from './page-answers';
import { customError, parsedAnswer, publicFetch, type PublicResult } from './public-fetch';

const URL = '/public/config';
const answerSchema = publicAnswer(publicConfig);
let loaded: Promise<PublicResult<PublicConfig>> | null = null;
let known: PublicConfig | undefined;

const configOf = (answer: PublicResult<{ data?: PublicConfig | null }>): PublicResult<PublicConfig> =>
  'error' in answer ? answer : answer.data.data ? { data: answer.data.data } : customError('Invalid response');

/** The configuration, now: once loaded, or as the server sent it in the page (page-answers.ts). */
export function publicConfigNow(): PublicConfig | undefined {
  const inPage = known || loaded ? undefined : pageAnswer(URL);
  const result = inPage === undefined ? undefined : configOf(parsedAnswer(inPage, answerSchema));
  if (result && 'data' in result) {
    known = result.data;
    loaded = Promise.resolve(result);
  }
  return known;
}

/** GET /api/public/config: fetched once for the life of the page (again only after a failure). */
export function loadPublicConfig(): Promise<PublicResult<PublicConfig>> {
  publicConfigNow();
  loaded ??= publicFetch({ url: URL }, answerSchema).then((answer) => {
    const result = configOf(answer);
    if ('error' in result) loaded = null;
    else known = result.data;
    return result;
  });
  return loaded;
}

/** Forgets the configuration (tests start each page afresh). */
export function forgetPublicConfig(): void {
  loaded = null;
  known = undefined;
}
