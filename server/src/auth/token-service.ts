import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ISSUER = 'paydesk';
const AUDIENCE = 'paydesk-control';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.string().uuid(),
});

export interface TokenService {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired HS256 token signed with our secret; otherwise null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const claims = claimsSchema.parse(payload);
        return { userId: Number(claims.sub), sessionId: claims.sid };
      } catch {
        return null;
      }
    },
  };
}
