import { api } from '@paydesk/shared/api/api-slice';
import { newIdempotencyKey } from '@paydesk/shared/api/idempotency-key';
import {
  disputeChangedResponse,
  disputeListResponse,
  disputeResponse,
  disputeTimelineResponse,
  type DisputeEvidenceUpdate,
  type DisputeTimelineEntry,
} from '@paydesk/shared/schemas/dispute';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import type { z } from 'zod';
import { listQuery, type DisputeListState } from '../model/list-filters';

export type DisputePage = z.infer<typeof disputeListResponse>['data'];
/** A change's answer: the server's word for the toast and the dispute as it now stands. */
export type DisputeChange = { message: string; dispute: DisputeObject };

const changed = (body: unknown): DisputeChange => {
  const { message, data } = disputeChangedResponse.parse(body);
  return { message, dispute: data };
};

/** A downloaded file: an object URL of its bytes (revoked by whoever saves it) and the name the server gave. */
export interface DownloadedFile {
  url: string;
  name: string;
}

/** The kept name of an attachment: RFC 5987's exact `filename*` when given, else the ASCII `filename`. */
export function attachmentName(header: string | null, fallback: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // A malformed encoding: the ASCII name below is as good.
    }
  }
  return /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? fallback;
}

// A change of a dispute changes its payment's status (DSP-13) and, for a dispute won or an inquiry
// become one, the balance: the other areas' lists are fetched again too.
const changes = ['Dispute', 'Transaction', 'Dashboard', 'Wallet'] as const;

/**
 * The back office's disputes calls (`/api/backend/disputes`, DSP-08). The tag is this remote's
 * own: the shared slice lists the tags of the areas every shell build knows.
 */
const disputesApi = api.enhanceEndpoints({ addTagTypes: ['Dispute'] }).injectEndpoints({
  endpoints: (build) => ({
    getDisputes: build.query<DisputePage, DisputeListState>({
      query: (state) => `/backend/disputes?${listQuery(state)}`,
      transformResponse: (body: unknown) => disputeListResponse.parse(body).data,
      providesTags: ['Dispute'],
    }),
    getDispute: build.query<DisputeObject, string>({
      query: (id) => `/backend/disputes/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => disputeResponse.parse(body).data,
      providesTags: ['Dispute'],
    }),
    getDisputeTimeline: build.query<DisputeTimelineEntry[], string>({
      query: (id) => `/backend/disputes/${encodeURIComponent(id)}/timeline`,
      transformResponse: (body: unknown) => disputeTimelineResponse.parse(body).data,
      providesTags: ['Dispute'],
    }),
    // One Idempotency-Key per call: RTK Query does not retry, and a person's second click is a second intent.
    updateDispute: build.mutation<DisputeChange, { id: string; evidence: DisputeEvidenceUpdate; submit: boolean }>({
      query: ({ id, evidence, submit }) => ({
        url: `/backend/disputes/${encodeURIComponent(id)}`,
        method: 'POST',
        body: submit ? { evidence, submit: true } : { evidence },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
      transformResponse: changed,
      invalidatesTags: [...changes],
    }),
    acceptDispute: build.mutation<DisputeChange, string>({
      query: (id) => ({
        url: `/backend/disputes/${encodeURIComponent(id)}/close`,
        method: 'POST',
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
      transformResponse: changed,
      invalidatesTags: [...changes],
    }),
    // The bytes become an object URL in the answer's handler, so the store holds a string, never a Blob.
    downloadFile: build.mutation<DownloadedFile, string>({
      query: (id) => ({
        url: `/backend/files/${encodeURIComponent(id)}`,
        responseHandler: async (response) =>
          response.ok
            ? { url: URL.createObjectURL(await response.blob()), name: attachmentName(response.headers.get('content-disposition'), id) }
            : response.json(),
      }),
    }),
  }),
});

export const {
  useGetDisputesQuery,
  useGetDisputeQuery,
  useGetDisputeTimelineQuery,
  useUpdateDisputeMutation,
  useAcceptDisputeMutation,
  useDownloadFileMutation,
} = disputesApi;
