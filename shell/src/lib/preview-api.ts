import { api } from '@paydesk/shared/api/api-slice';

/** Ends this browser's preview of a release (a cookie the server clears); the page then reloads. */
export const previewApi = api.injectEndpoints({
  endpoints: (build) => ({
    endPreview: build.mutation<void, void>({
      query: () => ({ url: '/platform/preview', method: 'DELETE' }),
    }),
  }),
});

export const { useEndPreviewMutation } = previewApi;
