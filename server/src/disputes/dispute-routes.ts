import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import {
  disputeChangedResponse,
  disputeIdParams,
  disputeListQuery,
  disputeListResponse,
  disputeResponse,
  disputeTimelineResponse,
  openDisputeRequest,
  updateDisputeRequest,
} from '@paydesk/shared/schemas/dispute';
import { idempotencyHeaders } from '@paydesk/shared/schemas/refund';
import { transactionDetailsParams } from '@paydesk/shared/schemas/transaction';
import { requireKey } from '../api-keys/register-api-keys';
import { auditWho, type AuditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import type { Db } from '../db/db';
import { retrying } from '../db/retry-transaction';
import { forbidden, notFound } from '../errors/domain-error';
import { apiKeyScope, idempotent, sendIdempotent } from '../idempotency/idempotency-keys';
import { pageWindow } from '../paging/page-window';
import { withExample } from '../validation/openapi-example';
import { disputeExamples as examples } from './dispute-examples';
import { disputeTimeline, findDispute, listDisputes } from './disputes-repository';
import { closeDispute, openDispute, updateDispute, type DisputeSettings } from './disputes-service';

/** A date's end in UTC, for a `to` given as a date: the whole day is in. */
const endOf = (to: string | undefined) => (to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to);

export interface DisputeRoutesOptions {
  /** `merchant`: the secret key (/api/disputes); `staff`: a session with disputes.view or disputes.manage (/api/backend/disputes). */
  caller: 'merchant' | 'staff';
}

/**
 * The disputes of the merchant API (secret key) and of the back office (a session): the list, one
 * dispute, evidence saved or submitted, and accepting one (DSP-08). Every POST honours an
 * Idempotency-Key, its whole unit run again after a deadlock, as refunds do.
 */
export const disputeRoutes: FastifyPluginAsyncZod<DisputeRoutesOptions> = async (app, { caller }) => {
  const merchant = caller === 'merchant';
  const tags = [merchant ? 'disputes' : 'disputes (back office)'];
  const security = [{ bearerAuth: [] }];
  const denied = merchant ? { 401: apiError } : { 401: apiError, 403: apiError };
  // The caller before the body: one without access gets 401/403, never a 400.
  const onRead = merchant ? requireKey(app, 'secret') : app.authorize('disputes.view');
  const onChange = merchant ? requireKey(app, 'secret') : app.authorize('disputes.manage');
  const settings: DisputeSettings = {
    responseSeconds: app.config.disputeResponseSeconds,
    decisionSeconds: app.config.disputeDecisionSeconds,
    feeCents: app.config.disputeFeeCents,
  };
  const who = (request: FastifyRequest) => {
    const userId = merchant ? null : requireAuth(request).userId;
    return { userId, audit: auditWho(request), scope: merchant ? apiKeyScope(request.apiKey) : `user:${userId}` };
  };
  const path = merchant ? '/api/disputes' : '/api/backend/disputes';

  /**
   * A change of a dispute in one transaction, run again after a deadlock, answered once per
   * Idempotency-Key: `signature` is what a replay must repeat, `change` does the work.
   */
  const changeOnce = async (
    request: FastifyRequest<{ Headers: { 'idempotency-key'?: string } }>,
    reply: FastifyReply,
    signature: unknown[],
    statusCode: 200 | 201,
    change: (tx: Db, actor: { userId: number | null; audit: AuditWho }) => Promise<{ message: string; data: unknown }>,
  ) => {
    const { userId, audit, scope } = who(request);
    const outcome = await idempotent(
      retrying(app.db),
      { scope, key: request.headers['idempotency-key'], request: signature },
      async (tx) => {
        const { message, data } = await change(tx, { userId, audit });
        return { statusCode, body: { status: 'success', message, data } };
      },
    );
    return sendIdempotent(reply, outcome, disputeChangedResponse);
  };

  app.get('/disputes', {
    schema: {
      tags,
      security,
      summary: merchant ? 'Disputes, newest first, filtered and paged (secret key)' : 'Disputes, newest first, filtered and paged',
      description:
        'Filters: `status`, `transaction_id` (the disputed payment), and `from`/`to` on the time the dispute opened (a date, ' +
        'the whole UTC day, or a date-time with an offset). Paged by `page` and `limit` (at most 100).',
      querystring: disputeListQuery,
      response: { 200: withExample(disputeListResponse, examples.list), 400: apiError, ...denied },
    },
    onRequest: onRead,
    handler: async (request) => {
      const { page, limit, status, transaction_id, from, to } = request.query;
      const { rows, total } = await listDisputes(app.db, { page, limit, status, transactionId: transaction_id, from, to: endOf(to) });
      return { status: 'success' as const, data: { data: rows, ...pageWindow(page, limit, total) } };
    },
  });

  app.get('/disputes/:id', {
    schema: {
      tags,
      security,
      summary: 'One dispute, by its id (dp_…)',
      params: disputeIdParams,
      response: { 200: withExample(disputeResponse, examples.dispute), 400: apiError, 404: apiError, ...denied },
    },
    onRequest: onRead,
    handler: async (request) => {
      const { id } = request.params;
      const row = id.startsWith('dp_') ? await findDispute(app.db, id) : undefined;
      if (!row) throw notFound(id.startsWith('dp_') ? 'No dispute has this id' : 'No dispute has this id: dispute ids start with dp_');
      return { status: 'success' as const, data: row.object };
    },
  });

  app.post('/disputes/:id', {
    schema: {
      tags,
      security,
      summary: 'Save evidence on a dispute, and submit it with submit: true',
      description:
        'The evidence fields given replace those saved (an empty text clears one; file fields take ids from POST /api/files); ' +
        'without `submit: true` nothing is sent to the issuer and the evidence can change until the due date ' +
        '(`evidence_details.due_by`). Submitted evidence is final (409 `dispute_evidence_submitted`); after the due date ' +
        'evidence is refused (409 `dispute_past_due`), and on a closed dispute too (409 `dispute_closed`). In the sandbox, ' +
        'evidence holding `winning_evidence` wins, `losing_evidence` loses, anything else is lost after DISPUTE_DECISION_SECONDS.',
      params: disputeIdParams,
      headers: idempotencyHeaders,
      body: withExample(updateDisputeRequest, examples.update),
      response: {
        200: withExample(disputeChangedResponse, examples.saved),
        400: apiError,
        404: apiError,
        409: withExample(apiError, examples.submitted),
        422: apiError,
        ...denied,
      },
    },
    onRequest: onChange,
    handler: async (request, reply) => {
      const { id } = request.params;
      return changeOnce(request, reply, [`POST ${path}/${id}`, request.body], 200, async (tx, actor) => ({
        message: request.body.submit === true ? 'Evidence submitted' : 'Evidence saved',
        data: await updateDispute(tx, settings, actor, id, request.body),
      }));
    },
  });

  app.post('/disputes/:id/close', {
    schema: {
      tags,
      security,
      summary: 'Accept a dispute: it is lost (an inquiry closes)',
      description:
        'A dispute waiting for evidence is lost at once and moves no more money; an inquiry closes without moving any. A dispute ' +
        'whose evidence was submitted cannot be accepted (409 `dispute_evidence_submitted`), nor a closed one (409 `dispute_closed`).',
      params: disputeIdParams,
      headers: idempotencyHeaders,
      response: {
        200: withExample(disputeChangedResponse, examples.closed),
        400: apiError,
        404: apiError,
        409: apiError,
        422: apiError,
        ...denied,
      },
    },
    onRequest: onChange,
    handler: async (request, reply) => {
      const { id } = request.params;
      return changeOnce(request, reply, [`POST ${path}/${id}/close`], 200, async (tx, actor) => ({
        message: 'Dispute accepted',
        data: await closeDispute(tx, actor, id),
      }));
    },
  });

  if (merchant) return;

  app.get('/disputes/:id/timeline', {
    schema: {
      tags,
      security,
      summary: "A dispute's history, oldest first: each change of its status, evidence and money",
      description:
        'One entry per event the dispute wrote (dispute.created, dispute.updated, dispute.closed, dispute.funds_withdrawn, ' +
        'dispute.funds_reinstated), with its time and the status, evidence and amounts after it: evidence saved or submitted, an ' +
        "inquiry become a dispute, the issuer's decision. The events of one change share its time, the status first.",
      params: disputeIdParams,
      response: { 200: withExample(disputeTimelineResponse, examples.timeline), 400: apiError, 404: apiError, ...denied },
    },
    onRequest: onRead,
    handler: async (request) => {
      const { id } = request.params;
      const row = id.startsWith('dp_') ? await findDispute(app.db, id) : undefined;
      if (!row) throw notFound(id.startsWith('dp_') ? 'No dispute has this id' : 'No dispute has this id: dispute ids start with dp_');
      return { status: 'success' as const, data: await disputeTimeline(app.db, id, row.object.created_at) };
    },
  });

  app.post('/transactions/:id/dispute', {
    schema: {
      tags,
      security,
      summary: "Demo mode: open a dispute (or an inquiry) on a successful payment, as the cardholder's bank would",
      description:
        'Demo mode only (403 otherwise). The amount defaults to what is left of the payment after its refunds; a dispute takes ' +
        'it and DISPUTE_FEE from the available balance at once, an inquiry (`inquiry: true`) moves no money. A payment is ' +
        'disputed once (409 `payment_not_disputable`).',
      params: transactionDetailsParams,
      headers: idempotencyHeaders,
      body: withExample(openDisputeRequest, examples.open),
      response: {
        201: withExample(disputeChangedResponse, examples.opened),
        400: apiError,
        404: apiError,
        409: apiError,
        422: apiError,
        ...denied,
      },
    },
    onRequest: onChange,
    handler: async (request, reply) => {
      if (app.config.mode !== 'demo') throw forbidden('Disputes are opened by hand in demo mode only');
      const transactionId = request.params.id;
      const signature = ['POST /api/backend/transactions/dispute', transactionId, request.body];
      return changeOnce(request, reply, signature, 201, async (tx, actor) => ({
        message: 'Dispute opened',
        data: await openDispute(tx, settings, actor, transactionId, request.body),
      }));
    },
  });
};
