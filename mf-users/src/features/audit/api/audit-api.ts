import { api } from '@paydesk/shared/api/api-slice';
import { auditListResponse, type AuditAction, type AuditListResponse } from '@paydesk/shared/schemas/audit';

export type AuditPageSize = 25 | 50 | 100;

/** The page's filters as the server reads them: an e-mail address, an action and ISO instants ('' for none). */
export interface AuditFilterArgs {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** AUD-05: only the filters that are set are sent. */
export function auditFilterQuery({ actor, action, from, to }: AuditFilterArgs): URLSearchParams {
  const params = new URLSearchParams();
  if (actor.trim()) params.set('actor', actor.trim());
  if (action) params.set('action', action);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params;
}

export interface AuditPageArgs extends AuditFilterArgs {
  limit: AuditPageSize;
  /** The id the page starts below; undefined for the newest page. */
  before: number | undefined;
}

/** The audit trail (AUD-05, AUD-06) and its CSV export. */
const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditEntries: build.query<AuditListResponse, AuditPageArgs>({
      query: ({ limit, before, ...filter }) => {
        const params = auditFilterQuery(filter);
        params.set('limit', String(limit));
        if (before !== undefined) params.set('before', String(before));
        return `/backend/audit?${params.toString()}`;
      },
      transformResponse: (body: unknown) => auditListResponse.parse(body),
      providesTags: ['AuditEntry'],
    }),
    exportAudit: build.query<string, AuditFilterArgs>({
      query: (filter) => ({ url: `/backend/audit/export.csv?${auditFilterQuery(filter).toString()}`, responseHandler: 'text' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditEntriesQuery, useLazyExportAuditQuery } = auditApi;
