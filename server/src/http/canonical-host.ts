import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { pageKindOf, routedPath } from './security-headers';

/** The demo merchant's own calls (its small API): answered under any host, like /api. */
const MERCHANT_DEMO_CALLS = ['/demo/merchant/webhooks', '/demo/merchant/checkout'];

/**
 * A page or a front-end file: the payer pages, the back office, the shell's and the remotes'
 * files, the demo merchant's page and its files. Never the API (/api, its documentation and the
 * sandbox issuer included), the probes, /remotes.json or the demo merchant's calls.
 */
export function isPageOrFile(url: string, demo: boolean): boolean {
  const kind = pageKindOf(url, demo);
  if (kind === 'merchant-demo') {
    const path = routedPath(url) ?? '';
    return !MERCHANT_DEMO_CALLS.some((call) => path === call || path.startsWith(`${call}/`));
  }
  return kind === 'payer-page' || kind === 'back-office' || kind === 'remote-file';
}

/** A Host header as a browser sends it: a name or an address, and a port. */
const hostLike = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether the host a request was addressed to is PUBLIC_URL's: compared as URLs compare them,
 * letter case and PUBLIC_URL's scheme's default port aside (`PAY.example.com:443` is
 * `pay.example.com` for an https PUBLIC_URL).
 */
export function isPublicHost(host: string, publicUrl: URL): boolean {
  if (!hostLike.test(host)) return false;
  try {
    return new URL(`${publicUrl.protocol}//${host}`).host === publicUrl.host;
  } catch {
    return false;
  }
}

/**
 * REDIRECT_TO_PUBLIC_URL (docs/decisions/pages-redirected-to-the-public-url.md): a GET or HEAD of a
 * page or a front-end file that reached the server under another host than PUBLIC_URL's is sent
 * there with a 308, same path and query. The host is Fastify's `request.host`: the Host header,
 * or X-Forwarded-Host when TRUST_PROXY names the peer. The target is PUBLIC_URL, never a header,
 * so the redirect cannot be steered elsewhere. API calls are answered where they arrive: a
 * redirect would drop a POST's body in some clients and the API's answers name PUBLIC_URL
 * anyway. Not cached (`no-store`): a browser must not keep it once PUBLIC_URL changes.
 */
export function registerCanonicalHost(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'mode' | 'redirectToPublicUrl'>): void {
  if (!config.redirectToPublicUrl) return;
  const publicUrl = new URL(config.publicUrl);
  const demo = config.mode === 'demo';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // An absolute-form target (`GET http://host/x`) is left alone: browsers never send one.
    if (!request.url.startsWith('/') || isPublicHost(request.host, publicUrl) || !isPageOrFile(request.url, demo)) return;
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${publicUrl.origin}${request.url}`, 308);
  });
}
