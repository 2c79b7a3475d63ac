import fastifyCookie from '@fastify/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ReleasePreview } from '@paydesk/shared/schemas/platform';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { authenticate, bearerToken, type AuthContext } from '../auth/auth-service';
import type { TokenService } from '../auth/token-service';
import type { ReleasedRemote } from './live-releases';
import { findRelease } from './releases-repository';

/**
 * A super_admin's preview of a release before it goes live (docs/decisions/release-previews.md):
 * a signed, expiring cookie that names a registered release and the session that asked. Only
 * that session's /remotes.json loads it, while it still may manage the platform.
 */
export const PREVIEW_COOKIE = 'paydesk_preview';
export const PREVIEW_MINUTES = 60;
const AUDIENCE = 'paydesk-preview';
const ISSUER = 'paydesk';
// Releases the gate accepted and nobody refused since: a rolled-back one may be tried again.
const PREVIEWABLE = new Set(['available', 'rolled_back']);

const claims = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.string().uuid(),
  remote: z.string(),
  version: z.string(),
  exp: z.number(),
});

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export const isPreviewable = (status: string): boolean => PREVIEWABLE.has(status);

/** The claims of this request's preview cookie when it is ours and unexpired; otherwise null. */
async function previewClaims(request: FastifyRequest, secret: string): Promise<z.infer<typeof claims> | null> {
  // Read from the header too: the security headers are set before the cookie plugin parses it.
  const cookie = request.cookies?.[PREVIEW_COOKIE] ?? fastifyCookie.parse(request.headers.cookie ?? '')[PREVIEW_COOKIE];
  if (!cookie) return null;
  try {
    const { payload } = await jwtVerify(cookie, keyOf(secret), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    return claims.parse(payload);
  } catch {
    return null;
  }
}

/**
 * The entry a page's preview cookie names, so that the page's Content Security Policy lets the
 * shell load it. A page load carries no session, so only the cookie (ours, unexpired) and the
 * release are checked here: /remotes.json still decides, by the session, whether it is loaded.
 */
export async function previewedEntry(request: FastifyRequest, db: Db, secret: string): Promise<{ entry: string } | null> {
  const asked = await previewClaims(request, secret);
  const row = asked && (await findRelease(db, asked.remote, asked.version));
  return row && isPreviewable(row.status) ? { entry: row.entry } : null;
}

/** Starts a preview of `remote` `version` in this browser: the cookie holds it for PREVIEW_MINUTES. */
export async function startPreview(
  reply: FastifyReply,
  secret: string,
  auth: Pick<AuthContext, 'userId' | 'sessionId'>,
  release: { remote: string; version: string },
  secure: boolean,
): Promise<ReleasePreview> {
  // Whole seconds, as the token holds it: the answer and every /remotes.json say the same time.
  const expiresAt = new Date(Math.floor(Date.now() / 1000 + PREVIEW_MINUTES * 60) * 1000);
  const token = await new SignJWT({ sid: auth.sessionId, remote: release.remote, version: release.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(auth.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  reply.setCookie(PREVIEW_COOKIE, token, { path: '/', maxAge: PREVIEW_MINUTES * 60, httpOnly: true, sameSite: 'strict', secure });
  return { ...release, expires_at: expiresAt.toISOString() };
}

export const endPreview = (reply: FastifyReply): void => {
  reply.clearCookie(PREVIEW_COOKIE, { path: '/' });
};

/**
 * The release this request previews, with what the shell shows of it, or null: a valid cookie of
 * the session the request carries, whose user may still manage the platform, naming a release
 * that may still be previewed. Anything else is no preview (and nothing is said why).
 */
export async function previewOf(
  request: FastifyRequest,
  db: Db,
  tokens: TokenService,
  config: Config,
): Promise<{ release: ReleasedRemote; preview: ReleasePreview } | null> {
  const session = bearerToken(request.headers.authorization);
  const asked = session ? await previewClaims(request, config.authSecret) : null;
  if (!session || !asked) return null;
  const auth = await authenticate(db, tokens, config, session);
  if (!auth || String(auth.userId) !== asked.sub || auth.sessionId !== asked.sid || !auth.permissions.has('platform.manage')) return null;
  const row = await findRelease(db, asked.remote, asked.version);
  if (!row || !isPreviewable(row.status)) return null;
  const { remote: name, entry, version, integrity, areas, exposes } = row;
  return {
    release: { name, entry, version, integrity, areas, exposes, canary: null },
    preview: { remote: name, version, expires_at: new Date(asked.exp * 1000).toISOString() },
  };
}
