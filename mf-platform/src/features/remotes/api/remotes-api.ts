import { useMemo } from 'react';
import { z } from 'zod';
import { api } from '@paydesk/shared/api/api-slice';
import { withData } from '@paydesk/shared/schemas/common';
import {
  promoteRequest,
  releasePreview,
  remoteRelease,
  remoteSummary,
  type ReleasePreview,
  type RemoteRelease,
  type RemoteSummary,
} from '@paydesk/shared/schemas/platform';

const remotesResponse = withData(z.array(remoteSummary));
/** Promote and roll back: the release as it is now, and the server's word on it for the toast. */
const releaseResponse = withData(remoteRelease).transform(({ message, data }) => ({ message, release: data }));
const previewResponse = withData(releasePreview).transform(({ message, data }) => ({ message, preview: data }));

export type ReleaseChange = { message: string | undefined; release: RemoteRelease };
export type PreviewStarted = { message: string | undefined; preview: ReleasePreview };

const base = '/platform/remotes';
const releaseUrl = (remote: string, version: string, action: string) =>
  `${base}/${encodeURIComponent(remote)}/releases/${encodeURIComponent(version)}/${action}`;

/**
 * The release registry of the remotes (`/api/platform/remotes`). The tag is this remote's own: the
 * shared slice lists the tags of the areas every shell build knows, and a remote adds its own.
 */
const remotesApi = api.enhanceEndpoints({ addTagTypes: ['PlatformRemote'] }).injectEndpoints({
  endpoints: (build) => ({
    getRemotes: build.query<RemoteSummary[], void>({
      query: () => base,
      transformResponse: (body: unknown) => remotesResponse.parse(body).data,
      providesTags: ['PlatformRemote'],
    }),
    promoteRelease: build.mutation<ReleaseChange, { remote: string; version: string; percent: number }>({
      query: ({ remote, version, percent }) => ({
        url: releaseUrl(remote, version, 'promote'),
        method: 'POST',
        body: promoteRequest.parse({ percent }),
      }),
      transformResponse: (body: unknown) => releaseResponse.parse(body),
      invalidatesTags: ['PlatformRemote'],
    }),
    rollBackRemote: build.mutation<ReleaseChange, string>({
      query: (remote) => ({ url: `${base}/${encodeURIComponent(remote)}/rollback`, method: 'POST' }),
      transformResponse: (body: unknown) => releaseResponse.parse(body),
      invalidatesTags: ['PlatformRemote'],
    }),
    previewRelease: build.mutation<PreviewStarted, { remote: string; version: string }>({
      query: ({ remote, version }) => ({ url: releaseUrl(remote, version, 'preview'), method: 'POST' }),
      transformResponse: (body: unknown) => previewResponse.parse(body),
    }),
  }),
});

export const { useGetRemotesQuery, usePromoteReleaseMutation, useRollBackRemoteMutation, usePreviewReleaseMutation } = remotesApi;

/** One remote, looked up in the list, which holds them all; undefined once loaded means none of it is released. */
export function useRemote(name: string) {
  return useGetRemotesQuery(undefined, {
    selectFromResult: (result) => ({ ...result, remote: result.data?.find((r: RemoteSummary) => r.name === name) }),
  });
}

/** The container names of the released remotes, for a choice among them (a deploy token's remote). */
export function useRemoteNames(): readonly string[] {
  const { data } = useGetRemotesQuery();
  return useMemo(() => (data ?? []).map((remote) => remote.name), [data]);
}
