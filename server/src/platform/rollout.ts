import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/auth-service';
import type { TokenService } from '../auth/token-service';
import type { ReleasedRemote } from './live-releases';

/**
 * Canaries (docs/decisions/remote-release-registry.md): a release promoted to a share of users is
 * what a browser loads when its bucket, 0 to 99, falls below that share. The bucket comes from
 * who is asking and the release, so one person never flips between versions while the canary
 * runs, and a wider share keeps everyone who had it already.
 */
export const ROLLOUT_COOKIE = 'paydesk_rollout';
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const cookieValue = /^[A-Za-z0-9_-]{16,64}$/;

export function rolloutBucket(subject: string, remote: string, version: string): number {
  return createHash('sha256').update(`${subject}\n${remote}\n${version}`).digest().readUInt32BE(0) % 100;
}

/** For each remote, the release this subject loads: its canary when in its share, else the live one. */
export function releasesFor(released: readonly ReleasedRemote[], subject: string | null): ReleasedRemote[] {
  const chosen = new Map<string, ReleasedRemote>();
  for (const release of released) {
    const inCanary = release.canary !== null && subject !== null && rolloutBucket(subject, release.name, release.version) < release.canary;
    if (release.canary === null ? !chosen.has(release.name) : inCanary) chosen.set(release.name, release);
  }
  return [...chosen.values()];
}

/**
 * Who asks: a signed-in user by their id (the shell sends its session with /remotes.json), anyone
 * else by a random id kept in a cookie, given on the first page or manifest it asks for.
 */
export async function rolloutSubject(request: FastifyRequest, reply: FastifyReply, tokens: TokenService): Promise<string> {
  const token = bearerToken(request.headers.authorization);
  const claims = token ? await tokens.verify(token) : null;
  if (claims) return `user:${claims.userId}`;
  const kept = request.cookies[ROLLOUT_COOKIE];
  if (kept && cookieValue.test(kept)) return `browser:${kept}`;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(ROLLOUT_COOKIE, id, {
    path: '/',
    maxAge: COOKIE_MAX_AGE_S,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return `browser:${id}`;
}
