import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@paydesk/shared/schemas/common';
import {
  cardStatusRequest,
  cardStatusResponse,
  cardsQuery,
  cardsResponse,
  cardsSearchRequest,
  cardUploadError,
  cardUploadResponse,
  INVALID_FILE_MESSAGE,
  isExcelFileName,
  MAX_ADDRESS_SEARCH_DIGITS,
} from '@paydesk/shared/schemas/card';
import { invalid, notFound, tooLarge, unsupportedMedia } from '../errors/domain-error';
import { auditWho } from '../audit/audit-log';
import { findPoolCard } from './cards-repository';
import { listCards, setCardStatus, toWireCard, uploadCards, type CardListFilters, type CardPoolContext } from './cards-service';

const security = [{ bearerAuth: [] }];
const denied = { 401: apiError, 403: apiError };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The card pool (CARD-08): list and search, block/unblock, spreadsheet upload and its template. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cards'];
  const ctx: CardPoolContext = { db: app.db, fingerprintKey: app.config.fingerprintKey, storageKey: app.config.cardStorageKey };
  const listPage = async (filters: CardListFilters) => {
    const { data, total } = await listCards(ctx, filters);
    return { status: 'success' as const, data, total, page: filters.page, per_page: filters.per_page };
  };
  const maxMb = Math.round(app.config.cardUploadMaxBytes / 1024 / 1024);
  // One file, nothing else worth reading; over the limit the upload stops with a 413.
  await app.register(multipart, { limits: { fileSize: app.config.cardUploadMaxBytes, files: 1, fields: 5, parts: 6 } });

  app.get('/', {
    schema: {
      tags,
      security,
      summary: 'The card pool, newest first, filtered and paged',
      description: `\`search\` takes at most ${MAX_ADDRESS_SEARCH_DIGITS} digits in a row (the first six or the last four): a search by card number goes in the body of POST /search, never in an address.`,
      querystring: cardsQuery,
      response: { 200: cardsResponse, 400: apiError, ...denied },
    },
    onRequest: app.authorize('cards.view'),
    handler: async (request) => listPage(request.query),
  });

  app.post('/search', {
    schema: {
      tags,
      security,
      summary: 'The card pool filtered and paged as GET / does, the filters in the body (a whole card number finds its card)',
      body: cardsSearchRequest,
      response: { 200: cardsResponse, 400: apiError, ...denied },
    },
    onRequest: app.authorize('cards.view'),
    handler: async (request) => listPage(request.body),
  });

  app.post('/:id/status', {
    schema: {
      tags,
      security,
      summary: 'Block or unblock a card',
      params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
      body: cardStatusRequest,
      response: { 200: cardStatusResponse, 400: apiError, 404: apiError, ...denied },
    },
    onRequest: app.authorize('cards.manage'),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await setCardStatus(app.db, id, request.body.status, auditWho(request)))) throw notFound('Card not found');
      const card = await findPoolCard(app.db, id);
      if (!card) throw notFound('Card not found');
      const verb = request.body.status === 'blocked' ? 'blocked' : 'unblocked';
      return { status: 'success' as const, message: `Card has been ${verb} successfully`, data: toWireCard(card) };
    },
  });

  app.post('/upload', {
    schema: {
      tags,
      security,
      summary: 'Upload cards from an .xlsx or .xls file (multipart field `file`)',
      description:
        `Columns: Card Number, CVV, Expiry Month, Expiry Year (row 1). Every row is checked with the card rules; the accepted rows are ` +
        `stored together or not at all. At most ${maxMb} MB (CARD_UPLOAD_MAX_MB).`,
      consumes: ['multipart/form-data'],
      response: { 201: cardUploadResponse, 400: cardUploadError, 413: apiError, 415: apiError, 422: cardUploadError, ...denied },
    },
    // Sign-in and role before the file is read: a viewer's upload is refused unread.
    onRequest: app.authorize('cards.manage'),
    handler: async (request, reply) => {
      const file = await readUploadedFile(request, maxMb);
      const result = await uploadCards(ctx, file, auditWho(request));
      if (result.added + result.already_in_pool === 0) {
        return reply.code(422).send({
          status: 'error',
          message: `No card in the file could be accepted (${result.rejected_count} rows refused)`,
          code: 'unprocessable',
          data: result,
        });
      }
      return reply.code(201).send({ status: 'success', message: 'Cards uploaded successfully', data: result });
    },
  });

  app.get('/download/bulk-template', {
    schema: { tags, summary: 'The upload template: the four columns and an example row (.xlsx)' },
    handler: async (_request, reply) => {
      // SheetJS loads on the first download only: the upload itself reads files in a worker.
      const { cardTemplate } = await import('./card-template');
      return reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="card-upload-template.xlsx"').send(cardTemplate());
    },
  });
};

/** The one file of the multipart body, whole; clear 4xx answers for everything else. */
async function readUploadedFile(request: FastifyRequest, maxMb: number): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid('Send the file as multipart/form-data in the field "file"');
  const part = await request.file().catch(badMultipart);
  if (!part || part.fieldname !== 'file') throw invalid('Send the file as multipart/form-data in the field "file"');
  if (!isExcelFileName(part.filename)) {
    await part.toBuffer().catch(() => undefined);
    throw unsupportedMedia(INVALID_FILE_MESSAGE);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`The file is larger than ${maxMb} MB`);
    return badMultipart(error);
  }
}

/**
 * Reading the body fails only through the client: a truncated body, a wrong boundary or a broken
 * part header (the parser's own errors carry no status) is a 400; the limits keep their 4xx.
 */
function badMultipart(error: unknown): never {
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  throw invalid('The upload is not well-formed multipart/form-data');
}
