import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath, publicPageModuleAt } from '@paydesk/shared/routes';
import type { Config } from './config';
import { cacheControlFor, NO_CACHE, NO_STORE } from './frontends/cache-headers';
import { createCheckoutFirstView } from './frontends/checkout-first-view';
import { createFirstViewPages } from './frontends/first-view';
import { createPreloadLinks } from './frontends/preload-links';
import { remotePackages } from '@paydesk/shared/remote-packages';
import { currentManifest, isAreaPath, liveManifest } from './frontends/remotes-manifest';
import { errorBody } from './http/error-body';
import { payerAnswers } from './payments/payer-answers';
import { releasedRemotes } from './platform/live-releases';
import { previewOf } from './platform/preview';
import { releasesFor, rolloutSubject } from './platform/rollout';

/** A name in a build folder: letters, digits, `_`, `-` and `.`, never first (no dotfile, no `..`). */
const fileName = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

const setHeaders = (reply: FastifyReply, path: string) => reply.header('cache-control', cacheControlFor(path));

/** A page composed for one request, compressed with fast settings: the shared pages are compressed once, at their best. */
const compressed = (html: string, encoding: string | undefined) =>
  encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : encoding === 'gzip'
      ? gzipSync(html, { level: 6 })
      : html;

/**
 * Serves the built front ends on the API's port: the shell at /, each remote at /remotes/<dir>/,
 * and /remotes.json. Any other path gets the shell's page, with status 404 when it is not one of
 * the product's routes (the shell then shows its 404 page).
 */
export async function registerFrontends(app: FastifyInstance, config: Config): Promise<void> {
  const shellDist = join(config.frontendsDir, 'shell', 'dist');

  // Each refusal of a remote's areas is logged once, not on every page load.
  const logged = new Set<string>();
  // The releases this browser loads: a canary for those in its share (platform/rollout.ts).
  const releasesOf = async (request: FastifyRequest, reply: FastifyReply) =>
    releasesFor(await releasedRemotes(app.db), await rolloutSubject(request, reply, app.tokens));

  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', NO_CACHE).header('vary', 'authorization, cookie');
    const releases = await releasesOf(request, reply);
    // A super_admin's preview replaces that remote's release in their browser; an operator's manifest wins over it too.
    const previewed = config.remotesManifest ? null : await previewOf(request, app.db, app.tokens, config);
    const chosen = previewed ? [...releases.filter(({ name }) => name !== previewed.release.name), previewed.release] : releases;
    const { manifest, problems } = liveManifest(config.frontendsDir, config.remotesManifest, chosen);
    for (const problem of problems.filter((text) => !logged.has(text))) {
      logged.add(problem);
      app.log.warn({ problem }, 'remote areas refused');
    }
    return previewed ? { ...manifest, preview: previewed.preview } : manifest;
  });

  // One static instance sends every built file (reply.sendFile): the build's .br and .gz copies
  // (scripts/precompress.mjs) to browsers that take them, with the cache headers of its name.
  if (existsSync(config.frontendsDir))
    await app.register(fastifyStatic, { root: config.frontendsDir, serve: false, cacheControl: false, preCompressed: true, setHeaders });
  // A remote's files, by names checked here: the plugin's own routes would list the build folder on
  // every request to check the name's spelling (docs/decisions/precompressed-front-ends.md).
  const remoteDists = new Map(
    remotePackages.map(({ dir }) => [dir, join(config.frontendsDir, dir, 'dist')] as const).filter(([, dist]) => existsSync(dist)),
  );
  if (remoteDists.size > 0)
    app.get('/remotes/:dir/*', { schema: { hide: true } }, (request, reply) => {
      const { dir, '*': file } = request.params as { dir: string; '*': string };
      const dist = remoteDists.get(dir);
      if (!dist || !file.split('/').every((segment) => fileName.test(segment))) return reply.callNotFound();
      // Public static files: a shell deployed on another origin may fetch them.
      reply.header('access-control-allow-origin', '*');
      return reply.sendFile(file, dist);
    });

  if (!existsSync(join(shellDist, 'index.html'))) {
    app.log.warn(`No shell build in ${shellDist}: run npm run build`);
    // The API alone: any other path is a JSON 404 like an unknown /api path.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'Not found')));
    return;
  }
  // A payer page comes with preload hints for its remote's files (preload-links.ts says why), and
  // painted with its remote's first view where it has one (first-view.ts).
  const preloadLinks = createPreloadLinks({ frontendsDir: config.frontendsDir, remotesManifest: config.remotesManifest });
  const firstViewPages = createFirstViewPages({
    frontendsDir: config.frontendsDir,
    remotesManifest: config.remotesManifest,
    shellPage: join(shellDist, 'index.html'),
  });
  const payerReleases = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof releasesOf>>>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '/';
    if (publicPageModuleAt(path) === undefined) return;
    // A database that does not answer costs the page its hints and first view, never the page.
    const released = await releasesOf(request, reply).catch(() => undefined);
    if (!released) return;
    payerReleases.set(request, released);
    const link = preloadLinks(path, released);
    if (link) reply.header('link', link);
  });
  /** The shell's page, painted with its first view when the address is a payer page that has one. */
  const checkoutFirstView = createCheckoutFirstView(payerAnswers(app));
  const sendShellPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const released = payerReleases.get(request);
    const path = request.url.split('?')[0] ?? '/';
    const page = released && firstViewPages(path, released);
    // A checkout that cannot be read costs the page its first view, never the page.
    const filled = page?.fill ? await checkoutFirstView(page.html, path).catch(() => undefined) : undefined;
    if (!page || (page.fill && filled === undefined)) return reply.sendFile('index.html', shellDist);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) ?? undefined;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', page.fill ? NO_STORE : NO_CACHE);
    if (encoding) reply.header('content-encoding', encoding);
    if (!page.fill) return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    return reply.send(compressed(filled ?? '', encoding));
  };
  app.get('/', { schema: { hide: true } }, sendShellPage);
  // preCompressed: the build's .br and .gz copies (scripts/precompress.mjs) to browsers that take them.
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    decorateReply: false,
    index: 'index.html',
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders,
  });

  // An operator manifest that cannot be read fails /remotes.json, not every page: here it declares nothing.
  const isLiveAreaPath = async (request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> => {
    try {
      return isAreaPath(currentManifest(config.frontendsDir, config.remotesManifest, await releasesOf(request, reply)), path);
    } catch {
      return false;
    }
  };
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(errorBody(404, 'Not found'));
    }
    reply.code(isKnownPagePath(path) || (await isLiveAreaPath(request, reply, path)) ? 200 : 404).header('cache-control', NO_CACHE);
    return sendShellPage(request, reply);
  });
}
