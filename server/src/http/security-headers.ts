import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { Config } from '../config';
import { currentManifest, remoteOrigins } from '../frontends/remotes-manifest';

/** What a path serves; each kind has its own policy (docs/security.md, Security headers). */
export type PageKind = 'json' | 'remote-file' | 'payer-page' | 'back-office' | 'acs' | 'merchant-demo' | 'api-docs';

type Directives = Record<string, string[]>;
type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;

const SELF = "'self'";
const NONE = "'none'";

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** An absolute-form request target (`GET http://host/api/x`) is routed by its path. */
const pathOfTarget = (url: string): string | undefined => {
  if (url.startsWith('/')) return url;
  const authority = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!authority) return undefined;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
};

/**
 * The path as the router sees it: without its query, percent-decoded by the router's own
 * function (`/%61pi/x` is `/api/x`). Undefined when it does not decode; the router refuses it.
 */
export function routedPath(url: string): string | undefined {
  const target = pathOfTarget(url);
  if (target === undefined) return undefined;
  try {
    return FindMyWay.sanitizeUrlPath(target);
  } catch {
    return undefined;
  }
}

/** The kind of a request target, from the path the router matches, never from its raw spelling. */
export function pageKindOf(url: string, demo: boolean): PageKind {
  const path = routedPath(url);
  if (path === undefined) return 'json'; // answered with the API's error envelope
  if (under(path, '/api/docs')) return 'api-docs';
  if (under(path, '/api/sandbox/acs')) return 'acs';
  if (under(path, '/api') || path === '/healthz' || path === '/readyz' || path === '/remotes.json') return 'json';
  if (path.startsWith('/remotes/')) return 'remote-file';
  if (demo && under(path, '/demo/merchant')) return 'merchant-demo';
  if (under(path, '/control')) return 'back-office';
  return 'payer-page';
}

/** JSON and other files that are no page: nothing loads from them, nobody frames them. */
const jsonDirectives: Directives = { 'default-src': [NONE], 'frame-ancestors': [NONE] };

/**
 * The shell and every remote it loads. Scripts only from this server and the remotes' origins in
 * the manifest; styles also inline, because emotion (MUI) injects <style> at run time and MUI sets
 * style attributes. The 3-D Secure challenge frame and the form that posts into it are this
 * server's (the sandbox issuer). Nobody frames the payer pages or the back office.
 */
const shellDirectives = (remotes: string[]): Directives => ({
  'default-src': [SELF],
  'script-src': [SELF, ...remotes],
  'style-src': [SELF, "'unsafe-inline'", ...remotes],
  'connect-src': [SELF, ...remotes],
  'img-src': [SELF, 'data:'],
  'frame-src': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [NONE],
  'base-uri': [NONE],
  'object-src': [NONE],
});

/** The sandbox issuer's pages: its own script and styles, its forms, framed by the payer pages only. */
const acsDirectives: Directives = {
  'default-src': [NONE],
  'script-src': [SELF],
  'style-src': [SELF],
  'img-src': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [SELF],
  'base-uri': [NONE],
};

/** The merchant demo page: its own script and styles, and calls to its own server. */
const merchantDemoDirectives: Directives = {
  'default-src': [NONE],
  'script-src': [SELF],
  'style-src': [SELF],
  'img-src': [SELF],
  'connect-src': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [NONE],
  'base-uri': [NONE],
};

/**
 * Swagger UI: its bundle and styles from this server, its "try it out" calls to this API. Its
 * top-bar logo is an SVG with one inline <style>, allowed by its hash (a new Swagger UI with
 * another logo fails e2e/tests/security-headers.test.ts until the hash follows).
 */
export const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
const apiDocsDirectives: Directives = {
  'default-src': [NONE],
  'script-src': [SELF],
  'style-src': [SELF, SWAGGER_LOGO_STYLE],
  'img-src': [SELF, 'data:'],
  'connect-src': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [NONE],
  'base-uri': [NONE],
};

/** Browser features no page of Paydesk uses. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * The helmet options of a kind. `remotes` are the manifest's remote origins (shell pages only).
 * The checkout widget is a popup that posts to its opener, so payer pages keep the opener
 * (COOP unsafe-none); the merchant page keeps its popup (same-origin-allow-popups).
 */
export function helmetOptionsFor(kind: PageKind, config: Pick<Config, 'mode'>, remotes: string[] = []): HelmetOptions {
  const directives: Record<PageKind, Directives> = {
    json: jsonDirectives,
    'remote-file': jsonDirectives,
    'payer-page': shellDirectives(remotes),
    'back-office': shellDirectives(remotes),
    acs: acsDirectives,
    'merchant-demo': merchantDemoDirectives,
    'api-docs': apiDocsDirectives,
  };
  const opener = kind === 'payer-page' ? 'unsafe-none' : kind === 'merchant-demo' ? 'same-origin-allow-popups' : 'same-origin';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: directives[kind] },
    crossOriginOpenerPolicy: { policy: opener },
    // A shell deployed on another origin loads the remotes' files.
    crossOriginResourcePolicy: { policy: kind === 'remote-file' ? 'cross-origin' : 'same-origin' },
    xFrameOptions: { action: kind === 'acs' ? 'sameorigin' : 'deny' },
    referrerPolicy: { policy: 'strict-origin' },
    // Production runs behind TLS; demo mode is plain http on localhost, where HSTS would pin every local port.
    strictTransportSecurity: config.mode === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Security headers on every answer, by what its path serves: one onRequest hook applies the
 * kind's helmet options. Register before any route.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  /** The entries of the registry's live releases and this browser's preview (the composition root reads them). */
  releasedEntries: (request: FastifyRequest) => Promise<readonly { entry: string }[]> = async () => [],
): Promise<void> {
  await app.register(helmet, { global: false });
  const demo = config.mode === 'demo';

  /**
   * Re-read with the manifest, so a redeploy to a new origin is allowed at the next page load:
   * the operator's manifest, or else the registry's live releases (local builds are served from here).
   */
  const manifestOrigins = async (request: FastifyRequest): Promise<string[]> => {
    try {
      if (!config.remotesManifest) return remoteOrigins(await releasedEntries(request));
      return remoteOrigins(currentManifest(config.frontendsDir, config.remotesManifest).remotes);
    } catch (error) {
      app.log.warn({ err: error }, 'remotes manifest unreadable: the shell page allows no remote origin');
      return [];
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const kind = pageKindOf(request.url, demo);
    const remotes = kind === 'payer-page' || kind === 'back-office' ? await manifestOrigins(request) : [];
    reply.helmet(helmetOptionsFor(kind, config, remotes));
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
