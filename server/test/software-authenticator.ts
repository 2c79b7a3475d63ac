import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software for the server's tests: an EC P-256 key pair made here,
 * answering registration options with a real `none` attestation and authentication options with
 * a real ES256 assertion, as a browser's navigator.credentials would hand them to the page
 * (RegistrationResponseJSON, AuthenticationResponseJSON). It signs what it is given, so a test
 * can also make it lie: another origin, no user verification, a counter that goes back.
 */

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const u32 = (n: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** The public key as COSE (EC2, ES256, P-256), which the attestation carries. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const map = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(map);
}

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
  allowCredentials?: { id: string }[];
}

export interface Lie {
  origin?: string;
  /** Leave out user verification (a key without PIN or biometrics). */
  unverified?: boolean;
  /** Report this counter instead of the next one. */
  counter?: number;
  /** Answer this challenge instead of the options'. */
  challenge?: string;
  type?: string;
  /** Sign for this relying party instead of the options' (a passkey of another site). */
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = b64url(randomBytes(16));
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter: moved forward by every assertion. */
  counter = 0;
  /** The user handle the registration named, given back with each assertion (a discoverable key). */
  userHandle: string | undefined;

  constructor(readonly origin: string) {}

  private clientData(type: string, challenge: string, lie: Lie): string {
    return JSON.stringify({
      type: lie.type ?? type,
      challenge: lie.challenge ?? challenge,
      origin: lie.origin ?? this.origin,
      crossOrigin: false,
    });
  }

  /** navigator.credentials.create(): a `none` attestation of a new key for the options' RP. */
  register(options: CeremonyOptions, lie: Lie = {}) {
    const rpId = options.rp?.id ?? '';
    this.userHandle = options.user?.id;
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | AT | (lie.unverified ? 0 : UV)]),
      u32(lie.counter ?? this.counter),
      Buffer.alloc(16), // AAGUID: none, as attestation `none` gives
      idLength,
      credentialId,
      Buffer.from(coseKey(this.keys.publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Map<string, never>,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(this.clientData('webauthn.create', options.challenge, lie))),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): an ES256 signature over the authenticator data and the client data's hash. */
  assert(options: CeremonyOptions, lie: Lie = {}) {
    const rpId = lie.rpId ?? options.rpId ?? '';
    if (lie.counter === undefined) this.counter += 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | (lie.unverified ? 0 : UV)]), u32(lie.counter ?? this.counter)]);
    const clientDataJSON = Buffer.from(this.clientData('webauthn.get', options.challenge, lie));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
