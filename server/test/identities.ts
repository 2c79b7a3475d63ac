import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { BuiltInRole, Permission, RoleKey } from '@paydesk/shared/roles';
import type { UserStatus } from '@paydesk/shared/schemas/user';
import { bearer, login, type TestApp } from './helper';
import { addUser } from './users-fixtures';

/**
 * Who calls: nobody, bad tokens of every kind, a live session of each role, and the two API keys.
 * `live` identities hold a session that authenticate() accepts; only their role decides.
 */
export type Identity =
  | { name: string; kind: 'anonymous' | 'bad-token' }
  | { name: string; kind: 'role'; role: BuiltInRole }
  /** A user of a custom role, holding `holds` (permission-identities.ts). */
  | { name: string; kind: 'custom'; role: RoleKey; holds: ReadonlySet<Permission> }
  | { name: string; kind: 'key'; key: 'publishable' | 'secret' };

export const identities: readonly Identity[] = [
  { name: 'no token', kind: 'anonymous' },
  { name: 'malformed token', kind: 'bad-token' },
  { name: 'unsigned token (alg none)', kind: 'bad-token' },
  { name: 'tampered token (viewer claiming super_admin)', kind: 'bad-token' },
  { name: 'expired token', kind: 'bad-token' },
  { name: 'token signed with another key', kind: 'bad-token' },
  { name: 'signed-out session', kind: 'bad-token' },
  { name: 'suspended user', kind: 'bad-token' },
  { name: 'deactivated user', kind: 'bad-token' },
  { name: 'viewer', kind: 'role', role: 'viewer' },
  { name: 'admin', kind: 'role', role: 'admin' },
  { name: 'super_admin', kind: 'role', role: 'super_admin' },
  { name: 'publishable key', kind: 'key', key: 'publishable' },
  { name: 'secret key', kind: 'key', key: 'secret' },
];

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Claims {
  sub: string;
  sid: string;
}

const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Claims;

/** A token as token-service.ts signs it, but with the key and expiry a test chooses. */
const signed = (claims: Claims, key: Uint8Array, expiresAt: number): Promise<string> =>
  new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('paydesk')
    .setAudience('paydesk-control')
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);

/** A super_admin account that signs in, then is suspended or deactivated straight in the table (its session is not revoked). */
async function disabledUserToken(t: TestApp, status: UserStatus): Promise<string> {
  const user = await addUser(t.db, 'super_admin');
  const token = await login(t.app, user.email);
  await t.db.query('update users set status = $1 where id = $2', [status, user.id]);
  return token;
}

export const roleAccounts: Record<BuiltInRole, string> = {
  super_admin: 'superadmin@paydesk.test',
  admin: 'admin@paydesk.test',
  viewer: 'viewer@paydesk.test',
};

/** The Authorization header of each identity; `fresh` signs a role in again (for calls that end the session). */
export interface IdentityHeaders {
  headers(identity: Identity): Record<string, string>;
  fresh(identity: Identity): Promise<Record<string, string>>;
}

export async function identityHeaders(t: TestApp): Promise<IdentityHeaders> {
  const roleTokens = {} as Record<BuiltInRole, string>;
  for (const role of Object.keys(roleAccounts) as BuiltInRole[]) roleTokens[role] = await login(t.app, roleAccounts[role]);
  const superClaims = claimsOf(roleTokens.super_admin);
  const now = Math.floor(Date.now() / 1000);
  const authKey = new TextEncoder().encode(t.config.authSecret);

  const signedOut = await login(t.app, roleAccounts.super_admin);
  const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedOut) });
  if (logout.statusCode !== 200) throw new Error(`logout failed: ${logout.body}`);
  const [viewerHeader, viewerPayload, viewerSignature] = roleTokens.viewer.split('.') as [string, string, string];
  const forged = {
    ...(JSON.parse(Buffer.from(viewerPayload, 'base64url').toString()) as object),
    sub: superClaims.sub,
    sid: superClaims.sid,
  };

  const tokens: Record<string, string> = {
    'malformed token': 'not-a-jwt',
    'unsigned token (alg none)': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...superClaims, iss: 'paydesk', aud: 'paydesk-control', exp: now + 3600 })}.`,
    'tampered token (viewer claiming super_admin)': `${viewerHeader}.${b64url(forged)}.${viewerSignature}`,
    'expired token': await signed(superClaims, authKey, now - 60),
    'token signed with another key': await signed(superClaims, randomBytes(32), now + 3600),
    'signed-out session': signedOut,
    'suspended user': await disabledUserToken(t, 'suspended'),
    'deactivated user': await disabledUserToken(t, 'inactive'),
    'publishable key': t.config.publishableKey,
    'secret key': t.config.secretKey,
    ...roleTokens,
  };

  const headers = (identity: Identity): Record<string, string> => {
    const token = identity.kind === 'role' ? roleTokens[identity.role] : tokens[identity.name];
    return token ? bearer(token) : {};
  };
  return {
    headers,
    fresh: async (identity) => (identity.kind === 'role' ? bearer(await login(t.app, roleAccounts[identity.role])) : headers(identity)),
  };
}
