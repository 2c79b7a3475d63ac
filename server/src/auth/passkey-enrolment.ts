import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { asActor } from '../audit/audit-log';
import { conflict } from '../errors/domain-error';
import { finishSignIn, openStep, type SecondStep, type SignedIn, type SignInServices } from './auth-service';
import { secondFactorsOf } from './passkey-repository';
import {
  ALREADY_ENROLLED,
  enrolmentBinding,
  passkeyExpired,
  passkeyInvalid,
  proveRegistration,
  startRegistration,
  storePasskey,
  usableRelyingParty,
} from './passkey-service';
import { openChallenge } from './two-factor-service';
import type { RelyingParty } from './webauthn';

/*
 * A passkey as the second factor a REQUIRE_TWO_FACTOR deployment asks for at the first sign-in
 * (AUTH-22), beside the TOTP enrolment (AUTH-14). There is no session yet: the registration is
 * bound to the enrolment's sign-in challenge, which only a correct password gave, and it ends
 * as the TOTP enrolment does, with the session.
 */

/** The registration options of a required enrolment, bound to its sign-in challenge. 409 once the user has a second factor. */
export async function beginPasskeyEnrolment(s: SignInServices, rp: RelyingParty, challenge: string) {
  usableRelyingParty(rp);
  const pending = await openChallenge(s.db, challenge, 'enrol');
  const factors = await secondFactorsOf(s.db, pending.user_id);
  if (factors.totp || factors.passkeys > 0) throw conflict(ALREADY_ENROLLED);
  const user = await s.accounts.findById(s.db, pending.user_id);
  const name = user?.name ?? pending.email;
  return startRegistration(s.db, rp, { id: pending.user_id, email: pending.email, name }, enrolmentBinding(challenge));
}

/** A required enrolment's answer: the challenge, the new passkey's name and the authenticator's attestation. */
export interface PasskeyEnrolment extends Omit<SecondStep, 'code'> {
  name: string;
  response: RegistrationResponseJSON;
}

/**
 * Stores the enrolment's passkey and starts the session. Each answer is a sign-in attempt of the
 * challenge's e-mail under the lock, as a TOTP enrolment's code is: an answer to no waiting
 * options, to another user's or from another origin or RP is a failed sign-in. The user's
 * sessions end with it (AUTH-15), and no recovery codes are made: they belong to the TOTP factor
 * (docs/decisions/passkeys.md).
 */
export async function completePasskeyEnrolment(s: SignInServices, rp: RelyingParty, answer: PasskeyEnrolment): Promise<SignedIn> {
  usableRelyingParty(rp);
  const { pending, audit, attempt } = await openStep(s, answer, 'enrol');
  const proof = await proveRegistration(s.db, rp, enrolmentBinding(answer.challenge), pending.user_id, answer.response);
  if (!proof.ok) {
    const refusal = proof.reason === 'passkey_invalid' ? passkeyInvalid() : passkeyExpired();
    throw await audit.refuse(attempt, refusal, proof.reason, pending.user_id);
  }
  const actor = asActor(answer.who, { id: pending.user_id, email: pending.email });
  const passkey = await s.db.transaction((tx) =>
    storePasskey(tx, { userId: pending.user_id, name: answer.name, proof }, { keep: null, firstOnly: true }, actor),
  );
  return finishSignIn(s, attempt, answer, pending.user_id, { method: 'password_and_passkey', passkey: passkey.name });
}
