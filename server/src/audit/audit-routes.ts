import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '@paydesk/shared/csv';
import { AUDIT_CSV, auditCsvHeader, auditFilters, auditListQuery, auditListResponse } from '@paydesk/shared/schemas/audit';
import { apiError } from '@paydesk/shared/schemas/common';
import { allAuditEntries, listAuditEntries, toWireEntry, type AuditRow } from './audit-repository';
import { auditKeyOf, useAuditKey } from './audit-chain';
import { startAuditCheckpoints } from './audit-checkpoints';

const security = [{ bearerAuth: [] }];
const refusals = { 400: apiError, 401: apiError, 403: apiError };

const csvRow = (row: AuditRow): (string | number)[] => {
  const entry = toWireEntry(row);
  return [
    entry.id,
    entry.occurred_at,
    entry.actor?.id ?? '',
    entry.actor?.email ?? '',
    entry.action,
    entry.client_ip ?? '',
    entry.user_agent ?? '',
    entry.target?.type ?? '',
    entry.target?.id ?? '',
    JSON.stringify(entry.changes),
  ];
};

/**
 * /api/backend/audit: the audit trail, for super_admin only (AUD-05, AUD-06). Every app registers
 * it, so it also keys the entries its process writes (AUD-08) and checkpoints the chain's head
 * outside the database until the app closes (AUD-09).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  useAuditKey(auditKeyOf(app.config));
  const stopCheckpoints = startAuditCheckpoints(app.db, app.config.auditCheckpointFile, app.log);
  app.addHook('onClose', async () => stopCheckpoints());
  const tags = ['audit'];
  const viewAudit = app.authorize('audit.view');

  app.get('/', {
    schema: {
      tags,
      security,
      summary: 'The audit trail, newest first, filtered by actor, action and time; keyset paged with `before`',
      querystring: auditListQuery,
      response: { 200: auditListResponse, ...refusals },
    },
    onRequest: viewAudit,
    handler: async (request) => {
      const { before, limit, ...filter } = request.query;
      // One more than the page tells whether an older page exists.
      const rows = await listAuditEntries(app.db, filter, before, limit + 1);
      const page = rows.slice(0, limit);
      return {
        status: 'success' as const,
        data: page.map(toWireEntry),
        next_before: rows.length > limit ? Number(page[page.length - 1]!.id) : null,
      };
    },
  });

  app.get('/export.csv', {
    schema: {
      tags,
      security,
      summary: `Every entry of the filtered audit trail as CSV (${AUDIT_CSV}), newest first`,
      querystring: auditFilters,
    },
    onRequest: viewAudit,
    handler: async (request, reply) => {
      const filter = request.query;
      async function* lines() {
        yield toCsv(auditCsvHeader, []);
        for await (const rows of allAuditEntries(app.db, filter)) yield toCsv([], rows.map(csvRow)).replace(/^\r\n/, '');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${AUDIT_CSV}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  });
};
