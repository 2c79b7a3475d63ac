import { api } from '@paydesk/shared/api/api-slice';
import { publicAnswer, publicConfig, type PublicConfig } from '@paydesk/shared/schemas/public-api';
import { customError, publicCall } from './public-base-query';

/** GET /api/public/config: fetched once, kept for the life of the page. */
export const publicConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfig, void>({
      queryFn: async (_arg, baseApi) => {
        const answer = await publicCall({ url: '/public/config' }, baseApi, publicAnswer(publicConfig));
        if ('error' in answer) return answer;
        return answer.data.data ? { data: answer.data.data } : customError('Invalid response');
      },
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { usePublicConfigQuery } = publicConfigApi;
