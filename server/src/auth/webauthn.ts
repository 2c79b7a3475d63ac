import { isIP } from 'node:net';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../config';

/*
 * The WebAuthn ceremonies (AUTH-17 to AUTH-19) through @simplewebauthn/server, with the relying
 * party taken from PUBLIC_URL only (docs/decisions/passkeys.md): a page on any other host cannot
 * use these passkeys, which is what binds them to the one address staff sign in at.
 */

/**
 * The library and its certificate parsers load at the first ceremony, not with the server: they
 * were the largest part of what each API test file compiled (about 0.2 CPU-s of it).
 */
const library = () => import('@simplewebauthn/server');

/** How long the browser's prompt may wait; the stored challenge outlives it (CHALLENGE_MINUTES). */
const PROMPT_MS = 120_000;

/** ES256, EdDSA and RS256: what platform authenticators and security keys sign with. */
const ALGORITHMS = [-7, -8, -257];

export interface RelyingParty {
  /** PUBLIC_URL's host name: the RP ID. */
  id: string;
  /** PUBLIC_URL's origin: the only origin a ceremony's client data may name. */
  origin: string;
  name: string;
  /** False when PUBLIC_URL names an IP address, which no browser accepts as an RP ID. */
  usable: boolean;
}

export function relyingParty(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return { id: url.hostname, origin: url.origin, name: 'Paydesk', usable: isIP(host) === 0 };
}

export interface StoredCredential {
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
}

const asTransports = (transports: string[]) => transports as AuthenticatorTransport[];

/** Options as plain JSON, which the answer's schema (a loose object) takes. */
export type CeremonyOptions = { challenge: string } & Record<string, unknown>;
const plain = (options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON): CeremonyOptions => ({
  ...options,
});

export async function registrationOptions(
  rp: RelyingParty,
  user: { email: string; name: string; handle: string },
  existing: StoredCredential[],
): Promise<CeremonyOptions> {
  const options = await (
    await library()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(user.handle, 'base64url')),
    attestationType: 'none',
    // One passkey per authenticator: registering the same one twice would only confuse the list.
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: asTransports(c.transports) })),
    // Discoverable, so it also signs in without an e-mail; verified (PIN, biometrics), so it is two factors in one.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: PROMPT_MS,
  });
  return plain(options);
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/** A registration response checked against its challenge, origin and RP ID, with user verification; null when it does not hold. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
): Promise<VerifiedRegistration | null> {
  try {
    const result = await (
      await library()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

/** Options for navigator.credentials.get(): of these credentials (the second step), or of any discoverable one (passwordless). */
export async function authenticationOptions(rp: RelyingParty, allowed: StoredCredential[] = []): Promise<CeremonyOptions> {
  const options = await (
    await library()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((c) => ({ id: c.credential_id, transports: asTransports(c.transports) })),
    userVerification: 'required',
    timeout: PROMPT_MS,
  });
  return plain(options);
}

/** Why an assertion was refused, as the audit trail records it. */
export type AssertionRefusal = 'passkey_invalid' | 'passkey_counter_regression';

/** An assertion checked against its challenge, origin, RP ID and the stored key and counter. */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  stored: StoredCredential,
): Promise<{ ok: true; counter: number } | { ok: false; reason: AssertionRefusal }> {
  try {
    const result = await (
      await library()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(stored.public_key),
        counter: stored.counter,
        transports: asTransports(stored.transports),
      },
    });
    return result.verified ? { ok: true, counter: result.authenticationInfo.newCounter } : { ok: false, reason: 'passkey_invalid' };
  } catch (error) {
    // The library refuses a counter that did not move forward with this message: a cloned authenticator, or a replay.
    const counter = error instanceof Error && /counter value/i.test(error.message);
    return { ok: false, reason: counter ? 'passkey_counter_regression' : 'passkey_invalid' };
  }
}
