import { z } from 'zod';
import { withData } from './common';
import { signInChallenge, currentPassword } from './two-factor';

/*
 * Passkeys (WebAuthn) of staff (AUTH-17 to AUTH-21): the wire shapes of registration, the second
 * step of sign-in and the passwordless sign-in. The browser's WebAuthn JSON is checked for its
 * shape here and for its meaning by the server's WebAuthn library.
 */

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url')
    .max(max);

/** A passkey's name as its owner calls it ("Work laptop"). */
export const passkeyName = z.string().trim().min(1, 'Enter a name').max(64, 'At most 64 characters');

const transports = z.array(z.string().max(32)).max(10);
const extensionResults = z.record(z.string(), z.unknown());

/** What navigator.credentials.create() gave, as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults.default({}),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(65536).min(1),
    authenticatorData: base64url(65536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(65536).optional(),
  }),
});

/** What navigator.credentials.get() gave (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults.default({}),
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(65536).min(1),
    signature: base64url(4096).min(1),
    userHandle: base64url(256).optional(),
  }),
});

/** The options for navigator.credentials.create() or .get(), as the server's WebAuthn library made them. */
export const ceremonyOptions = z.looseObject({ challenge: z.string() });

/** POST /api/auth/passkeys/options: the caller's password again (AUTH-15, AUTH-17). */
export const passkeyOptionsRequest = z.object({ password: currentPassword });
export type PasskeyOptionsRequest = z.infer<typeof passkeyOptionsRequest>;
export const passkeyOptionsResponse = withData(z.object({ options: ceremonyOptions }));

/** POST /api/auth/passkeys: the new passkey's name and what the authenticator made. */
export const passkeyRegistrationRequest = z.object({ name: passkeyName, response: registrationResponse });
export type PasskeyRegistrationRequest = z.infer<typeof passkeyRegistrationRequest>;

/** A passkey as its owner sees it: never its key. */
export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyResponse = withData(passkey);
export const passkeyListResponse = withData(z.array(passkey));

/** PATCH /api/auth/passkeys/{id}. */
export const passkeyRenameRequest = z.object({ name: passkeyName });
export type PasskeyRenameRequest = z.infer<typeof passkeyRenameRequest>;
/** DELETE /api/auth/passkeys/{id}: the password again (AUTH-15). */
export const passkeyRemoveRequest = z.object({ password: currentPassword });

/** POST /api/auth/login/two-factor/passkey/options: the second step's challenge (AUTH-18). */
export const passkeyStepOptionsRequest = z.object({ challenge: signInChallenge });
/** POST /api/auth/login/two-factor/passkey. */
export const passkeyStepRequest = z.object({ challenge: signInChallenge, response: authenticationResponse });

/** The passwordless attempt's token, 256 random bits in base64url (AUTH-19). */
export const passkeyAttempt = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid passkey sign-in');
/** POST /api/auth/login/passkey/options: an attempt and its options. */
export const passkeySignInOptionsResponse = withData(z.object({ attempt: z.string(), options: ceremonyOptions }));
/** POST /api/auth/login/passkey. */
export const passkeySignInRequest = z.object({ attempt: passkeyAttempt, response: authenticationResponse });

/**
 * POST /api/auth/login/two-factor/setup/passkey (AUTH-22): a required enrolment finished with a
 * passkey, whose options (`/options`, with the challenge alone) were bound to that challenge.
 */
export const passkeyEnrolmentRequest = z.object({ challenge: signInChallenge, name: passkeyName, response: registrationResponse });
export type PasskeyEnrolmentRequest = z.infer<typeof passkeyEnrolmentRequest>;
