import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { fileCreatedResponse, fileIdParams, MAX_FILE_BYTES } from '@paydesk/shared/schemas/dispute';
import { filePurposes, type FileObject } from '@paydesk/shared/schemas/merchant-objects';
import { idempotencyHeaders } from '@paydesk/shared/schemas/refund';
import { requireKey } from '../api-keys/register-api-keys';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { DomainError, invalid, notFound, tooLarge } from '../errors/domain-error';
import { apiKeyScope, idempotent, sendIdempotent } from '../idempotency/idempotency-keys';
import { withExample } from '../validation/openapi-example';
import { findFileContent } from './files-repository';
import { createFile, type Upload } from './files-service';

const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;
/** Room for the part headers and the purpose field around the file, in a body's announced length. */
const MULTIPART_ROOM = 64 * 1024;
const FORM_MESSAGE = 'Send multipart/form-data with the field "purpose" (dispute_evidence) and one file in the field "file"';

/** An answer's example for the OpenAPI document. */
const fileExample = {
  status: 'success',
  message: 'File uploaded',
  data: {
    object: 'file',
    id: 'file_8KXQ2M4RTV7WZ3HJ9PNB5CDE',
    purpose: 'dispute_evidence',
    filename: 'receipt.pdf',
    type: 'application/pdf',
    size: 48213,
    created_at: '2026-01-20T09:12:00.000Z',
  },
};

/**
 * The purpose and the one file of a multipart body, read whole up to MAX_FILE_BYTES. A body that
 * announces more is refused before any of it is read; clear 4xx answers for everything else.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw invalid(FORM_MESSAGE);
  const announced = Number(request.headers['content-length']);
  if (announced > MAX_FILE_BYTES + MULTIPART_ROOM) throw tooLarge(`A file is at most ${MAX_MB} MB`);
  let purpose: string | undefined;
  const files: { filename: string; content: Buffer }[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push({ filename: part.filename, content: await part.toBuffer() });
      else if (part.fieldname === 'purpose') purpose = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`A file is at most ${MAX_MB} MB`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid(FORM_MESSAGE);
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof DomainError || (typeof status === 'number' && status >= 400 && status < 500)) throw error;
    throw invalid('The upload is not well-formed multipart/form-data');
  }
  const [file] = files;
  if (!file || files.length > 1 || !file.content) throw invalid(FORM_MESSAGE);
  if (!(filePurposes as readonly string[]).includes(purpose ?? '')) {
    throw invalid(`purpose must be one of: ${filePurposes.join(', ')}`);
  }
  return { purpose: purpose as FileObject['purpose'], filename: file.filename, content: file.content };
}

/** What makes a retry with the same Idempotency-Key the same upload: the purpose, the name and the bytes' hash. */
const sameUpload = (upload: Upload): unknown[] => [
  'POST /api/files',
  upload.purpose,
  upload.filename ?? null,
  createHash('sha256').update(upload.content).digest('hex'),
];

/**
 * `attachment` with the kept name: an ASCII `filename` for old clients (anything else, quotes and
 * backslashes as `_`) and the exact name as RFC 5987's `filename*`. The name was cleaned of
 * control characters when stored (keptFileName), so no header can be split by it.
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface FileRoutesOptions {
  /** `merchant`: the secret key (POST /api/files); `staff`: a session with disputes.manage (POST /api/backend/files). */
  caller: 'merchant' | 'staff';
}

/** POST …/files: evidence for a dispute, PDF, PNG or JPEG by its bytes, at most 5 MB, kept in the database (DSP-11). */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { caller }) => {
  // One file and its purpose, nothing else worth reading; over the limit the upload stops with a 413.
  // preservePath: the name as sent, which the service refuses when it names a folder (busboy would
  // drop the folders without a word).
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 },
  });
  const merchant = caller === 'merchant';

  app.post('/files', {
    schema: {
      tags: [merchant ? 'disputes' : 'disputes (back office)'],
      security: [{ bearerAuth: [] }],
      summary: merchant ? 'Upload a file for dispute evidence (secret key)' : 'Upload a file for dispute evidence (back office)',
      description:
        'multipart/form-data with `purpose` (`dispute_evidence`) and one file in `file`: a PDF, a PNG or a JPEG, recognised by its ' +
        `bytes (a renamed archive, data after an image's end, a PDF that runs code and markup are refused with 415), at most ${MAX_MB} MB ` +
        '(413). The name is kept without any folder, for display only. Evidence names the file by its id. An `Idempotency-Key` ' +
        'header makes a retry with the same file answer with the first one.',
      consumes: ['multipart/form-data'],
      headers: idempotencyHeaders,
      response: {
        201: withExample(fileCreatedResponse, fileExample),
        400: apiError,
        401: apiError,
        ...(merchant ? {} : { 403: apiError }),
        413: apiError,
        415: apiError,
        422: apiError,
      },
    },
    // The caller before the body: one without access gets 401/403, and the file is never read.
    onRequest: merchant ? requireKey(app, 'secret') : app.authorize('disputes.manage'),
    handler: async (request, reply) => {
      const userId = merchant ? null : requireAuth(request).userId;
      const upload = await readUpload(request);
      const scope = merchant ? apiKeyScope(request.apiKey) : `user:${userId}`;
      const outcome = await idempotent(
        app.db,
        { scope, key: request.headers['idempotency-key'], request: sameUpload(upload) },
        async (tx) => {
          const file = await createFile(tx, { userId, audit: auditWho(request) }, upload);
          return { statusCode: 201, body: { status: 'success', message: 'File uploaded', data: file } };
        },
      );
      return sendIdempotent(reply, outcome, fileCreatedResponse);
    },
  });

  if (merchant) return;

  app.get('/files/:id', {
    schema: {
      tags: ['disputes (back office)'],
      security: [{ bearerAuth: [] }],
      summary: 'Download an evidence file (back office)',
      description:
        'The bytes as uploaded, with the type they were recognised as (application/pdf, image/png or image/jpeg), always as an ' +
        'attachment under the kept name and with `X-Content-Type-Options: nosniff`: a browser saves the file, never shows it ' +
        'as a page of this origin. 404 when no file has the id; 401 and 403 as for every back-office call.',
      params: fileIdParams,
    },
    onRequest: app.authorize('disputes.view'),
    handler: async (request, reply) => {
      const { id } = request.params;
      const file = id.startsWith('file_') ? await findFileContent(app.db, id) : undefined;
      if (!file) throw notFound(id.startsWith('file_') ? 'No file has this id' : 'No file has this id: file ids start with file_');
      return reply
        .type(file.type)
        .header('content-disposition', attachmentHeader(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });
};
