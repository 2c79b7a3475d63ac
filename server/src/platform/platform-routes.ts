import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import { containerName, createReleaseRequest, releaseVersion, remoteRelease, remoteSummary } from '@paydesk/shared/schemas/platform';
import { auditWho } from '../audit/audit-log';
import { currentManifest, shellSharedVersions } from '../frontends/remotes-manifest';
import { withExample } from '../validation/openapi-example';
import { releasedRemotes } from './live-releases';
import type { GateContext } from './release-gate';
import { releasesService } from './releases-service';

const security = [{ bearerAuth: [] }];
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

/** /api/platform: the release registry of the federated remotes (super_admin: platform.manage). */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize('platform.manage');
  const { config } = app;

  /** What a release of `remote` is checked against: the shell's singletons and the other live remotes' pages. */
  const gateContext = async (remote: string): Promise<GateContext> => {
    const { remotes } = currentManifest(config.frontendsDir, config.remotesManifest, await releasedRemotes(app.db));
    const takenPaths = new Map(
      remotes.filter(({ name }) => name !== remote).flatMap(({ name, areas }) => areas.map(({ path }) => [path, name] as const)),
    );
    return { mode: config.mode, allowedOrigins: config.remoteOrigins, shellShared: shellSharedVersions(config.frontendsDir), takenPaths };
  };
  const service = releasesService(app.db, gateContext);

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
      security,
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
    preHandler,
    handler: async (request, reply) =>
      reply.code(201).send({
        status: 'success' as const,
        message: 'Release accepted',
        data: await service.release(request.params.name, request.body, auditWho(request)),
      }),
  });

  app.post('/remotes/:name/releases/:version/promote', {
    schema: {
      tags,
      security,
      summary: 'Make a release live for everyone, at their next page load',
      params: releaseParams,
      response: { 200: withExample(withData(remoteRelease), examples.promoted), 409: apiError, ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      message: 'Release promoted',
      data: await service.promote(request.params.name, request.params.version, auditWho(request)),
    }),
  });

  app.post('/remotes/:name/rollback', {
    schema: {
      tags,
      security,
      summary: 'Return the remote to the release live before the current one (409 no_previous_release when there is none)',
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
