import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import {
  containerName,
  createDeployTokenRequest,
  createdDeployToken,
  createReleaseRequest,
  deployToken,
  promoteRequest,
  releasePreview,
  releaseVersion,
  remoteReports,
  remoteRelease,
  remoteSummary,
} from '@paydesk/shared/schemas/platform';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { bearerToken } from '../auth/auth-service';
import { perAddressLimit } from '../security/register-defences';
import { currentManifest, shellSharedVersions } from '../frontends/remotes-manifest';
import { withExample } from '../validation/openapi-example';
import { DEPLOY_TOKEN_PREFIX, deployTokens, type DeployTokenUse } from './deploy-tokens';
import { releasedRemotes } from './live-releases';
import { endPreview, PREVIEW_MINUTES, startPreview } from './preview';
import { countReports } from './remote-reports';
import { releasesFor } from './rollout';
import type { GateContext } from './release-gate';
import { releasesService } from './releases-service';

const security = [{ bearerAuth: [] }];
// A release is made in a super_admin's session or with the remote's deploy token.
const releaseSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { deployToken: [] }];
const tags = ['platform'];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const remoteParams = z.object({ name: containerName });

// Shown beside the fields in the OpenAPI document (/api/docs).
const release = {
  remote: 'mf_reports',
  version: '1.4.0',
  entry: 'https://cdn.example.com/mf-reports/1.4.0/remoteEntry.js',
  integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
  status: 'available',
  reason: null,
  released_by: 'Sam Super',
  released_at: '2026-11-27T10:00:00.000Z',
  promoted_at: null,
  canary_percent: null,
};
const examples = {
  createRelease: { version: '1.4.0', entry: 'https://cdn.example.com/mf-reports/1.4.0/' },
  released: { status: 'success', message: 'Release accepted', data: release },
  promoted: {
    status: 'success',
    message: 'Release promoted',
    data: { ...release, status: 'live', promoted_at: '2026-11-27T10:05:00.000Z' },
  },
  refused: {
    status: 'error',
    code: 'release_refused',
    message: 'Release refused: react 18.3.1 is shared by the remote mf_reports, the shell serves 19.3.1: another major',
  },
};
const releaseParams = z.object({ name: containerName, version: releaseVersion });
const tokenParams = z.object({ id: z.string().regex(/^dtk_[A-Za-z0-9]{16,40}$/, 'A deploy token id: dtk_…') });
const token = {
  id: 'dtk_8KQ2M4R7T9V3X5Z2B6D8F4H7',
  remote: 'mf_reports',
  prefix: 'pdt_xxxxxxxx',
  created_by: 'Sam Super',
  created_at: '2026-11-27T09:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The deploy token a release call carried, or null. */
    deployToken: DeployTokenUse | null;
  }
}

/** /api/platform: the release registry of the federated remotes (super_admin: platform.manage). */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize('platform.manage');
  app.decorateRequest('deployToken', null);
  const { config } = app;

  /** What a release of `remote` is checked against: the shell's singletons and the other live remotes' pages. */
  const gateContext = async (remote: string): Promise<GateContext> => {
    const released = await releasedRemotes(app.db);
    // The pages of what everyone loads, and of the canaries that some do.
    const { remotes } = currentManifest(config.frontendsDir, config.remotesManifest, releasesFor(released, null));
    const takenPaths = new Map(
      [...remotes, ...released.filter(({ canary }) => canary !== null)]
        .filter(({ name }) => name !== remote)
        .flatMap(({ name, areas }) => areas.map(({ path }) => [path, name] as const)),
    );
    return { mode: config.mode, allowedOrigins: config.remoteOrigins, shellShared: shellSharedVersions(config.frontendsDir), takenPaths };
  };
  const service = releasesService(app.db, gateContext);
  const tokens = deployTokens(app.db);

  // A deploy token (pdt_…) releases its own remote; any other bearer must be a session that may.
  const releaser = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const given = bearerToken(request.headers.authorization);
    if (!given?.startsWith(DEPLOY_TOKEN_PREFIX)) return preHandler.call(app, request, reply);
    request.deployToken = await tokens.use(given, request.params.name);
  };

  // What the shell reports of each remote: counted, and a canary that fails too often is ended.
  app.post('/remote-reports', {
    schema: {
      tags,
      summary: "Report remotes' loads, failed loads and render errors (no sign-in: payer pages report too; no personal data)",
      body: withExample(remoteReports, {
        reports: [{ remote: 'mf_reports', version: '1.4.0', phase: 'load_failed', message: 'Loading chunk 312 failed' }],
      }),
      response: { 204: z.null(), 400: apiError, 413: apiError, 429: apiError },
    },
    bodyLimit: 16 * 1024,
    onRequest: perAddressLimit(app, 'remote-reports', config.remoteReportsPerMinute),
    handler: async (request, reply) => {
      const limits = { minLoads: config.canaryMinLoads, maxFailureRate: config.canaryMaxFailureRate };
      for (const { remote, version } of await countReports(app.db, request.body.reports)) {
        if (await service.judgeCanary(remote, version, limits)) app.log.warn({ remote, version }, 'canary rolled back: too many failures');
      }
      return reply.code(204).send(null);
    },
  });

  app.get('/deploy-tokens', {
    schema: {
      tags,
      security,
      summary: 'Every deploy token, newest first, with its last use (the token itself is shown only when made)',
      response: { 200: withData(z.array(deployToken)), ...errors },
    },
    preHandler,
    handler: async () => ({ status: 'success' as const, data: await tokens.list() }),
  });

  app.post('/deploy-tokens', {
    schema: {
      tags,
      security,
      summary: "A token for one remote's releases, shown once: a team's CI sends it as Authorization: Bearer pdt_…",
      body: withExample(createDeployTokenRequest, { remote: 'mf_reports' }),
      response: {
        201: withExample(withData(createdDeployToken), {
          status: 'success',
          message: 'Deploy token created',
          data: { ...token, token: 'pdt_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' },
        }),
        ...errors,
      },
    },
    preHandler,
    handler: async (request, reply) =>
      reply.code(201).send({
        status: 'success' as const,
        message: 'Deploy token created',
        data: await tokens.create(request.body.remote, auditWho(request)),
      }),
  });

  app.post('/deploy-tokens/:id/revoke', {
    schema: {
      tags,
      security,
      summary: 'Revoke a deploy token: it releases nothing from now on',
      params: tokenParams,
      response: { 200: withData(deployToken), ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      message: 'Deploy token revoked',
      data: await tokens.revoke(request.params.id, auditWho(request)),
    }),
  });

  app.get('/remotes', {
    schema: {
      tags,
      security,
      summary: 'Every released remote: its live release and its history, newest first',
      response: { 200: withData(z.array(remoteSummary)), ...errors },
    },
    preHandler,
    handler: async () => ({ status: 'success' as const, data: await service.list() }),
  });

  app.post('/remotes/:name/releases', {
    schema: {
      tags,
      security: releaseSecurity,
      summary: 'Release a version: the gate fetches its folder and checks it before it is stored (422 release_refused says why)',
      params: remoteParams,
      body: withExample(createReleaseRequest, examples.createRelease),
      response: {
        201: withExample(withData(remoteRelease), examples.released),
        409: apiError,
        422: withExample(apiError, examples.refused),
        ...errors,
      },
    },
    preHandler: releaser,
    handler: async (request, reply) =>
      reply.code(201).send({
        status: 'success' as const,
        message: 'Release accepted',
        data: await service.release(request.params.name, request.body, auditWho(request), request.deployToken ?? undefined),
      }),
  });

  app.post('/remotes/:name/releases/:version/promote', {
    schema: {
      tags,
      security,
      summary: 'Make a release live for everyone at their next page load, or (percent 1 to 99) a canary for that share of users',
      params: releaseParams,
      body: withExample(promoteRequest, { percent: 10 }),
      response: { 200: withExample(withData(remoteRelease), examples.promoted), 409: apiError, ...errors },
    },
    // No body is the default share: everyone.
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {};
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      message: 'Release promoted',
      data: await service.promote(request.params.name, request.params.version, request.body.percent, auditWho(request)),
    }),
  });

  app.post('/remotes/:name/releases/:version/preview', {
    schema: {
      tags,
      security,
      summary: `Load a release that is not live in this browser only, for ${PREVIEW_MINUTES} minutes or until DELETE /api/platform/preview (a signed cookie bound to this session)`,
      params: releaseParams,
      response: {
        200: withExample(withData(releasePreview), {
          status: 'success',
          message: 'Preview started',
          data: { remote: 'mf_reports', version: '1.4.0', expires_at: '2026-11-27T11:00:00.000Z' },
        }),
        409: apiError,
        ...errors,
      },
    },
    preHandler,
    handler: async (request, reply) => {
      const { name, version } = request.params;
      const auth = requireAuth(request);
      const start = () => startPreview(reply, config.authSecret, auth, { remote: name, version }, request.protocol === 'https');
      return {
        status: 'success' as const,
        message: 'Preview started',
        data: await service.preview(name, version, auditWho(request), start),
      };
    },
  });

  app.delete('/preview', {
    schema: {
      tags,
      summary: "End this browser's preview: its next page load has the live releases again (no sign-in: it only clears a cookie)",
      response: { 204: z.null() },
    },
    handler: async (_request, reply) => {
      endPreview(reply);
      return reply.code(204).send(null);
    },
  });

  app.post('/remotes/:name/rollback', {
    schema: {
      tags,
      security,
      summary:
        'End the running canary, or else return the remote to the release live before the current one (409 no_previous_release when there is none)',
      params: remoteParams,
      response: { 200: withData(remoteRelease), 409: apiError, ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      message: 'Remote rolled back',
      data: await service.rollback(request.params.name, auditWho(request)),
    }),
  });
};
