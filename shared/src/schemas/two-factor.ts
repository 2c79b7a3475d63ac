import { z } from 'zod';
import { withData } from './common';
import { loginUser } from './auth';

/** A TOTP code (6 digits) or a recovery code (`xxxx-xxxx-xxxx-xxxx`); spaces and case do not matter. */
export const twoFactorCode = z.string().trim().min(6, 'Enter the code').max(40);

/** The second step's token, 256 random bits in base64url. */
export const signInChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid sign-in challenge');

/** POST /api/auth/login/two-factor: the code that ends the second step (AUTH-12). */
export const twoFactorSignInRequest = z.object({ challenge: signInChallenge, code: twoFactorCode });
/** POST /api/auth/login/two-factor/setup: the secret of a required enrolment (AUTH-14). */
export const requiredEnrolmentRequest = z.object({ challenge: signInChallenge });
/** POST /api/auth/login/two-factor/confirm. */
export const requiredEnrolmentConfirm = z.object({ challenge: signInChallenge, code: twoFactorCode });

/** The signed-in caller's password, asked again before any change of their second factor (AUTH-15). */
export const currentPassword = z.string().min(1, 'Enter your password').max(256);
/** POST /api/auth/two-factor/setup. */
export const twoFactorSetupRequest = z.object({ password: currentPassword });
export type TwoFactorSetupRequest = z.infer<typeof twoFactorSetupRequest>;
/** POST /api/auth/two-factor/confirm and /recovery-codes: a code of the caller's authenticator app, and the password. */
export const twoFactorCodeRequest = z.object({ code: twoFactorCode, password: currentPassword });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequest>;

/** A new secret: shown until its first valid code confirms it, never again (AUTH-10). */
export const enrolmentResponse = withData(z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }));
export type EnrolmentData = z.infer<typeof enrolmentResponse>['data'];

/** Ten single-use recovery codes, shown once (AUTH-11). */
export const recoveryCodesResponse = withData(z.object({ recovery_codes: z.array(z.string()) }));

/** GET /api/auth/two-factor: the caller's own second factor. */
export const twoFactorStatusResponse = withData(
  z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int(), required: z.boolean() }),
);
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>['data'];

/** A required enrolment's end: the session, with the recovery codes to keep. */
export const requiredEnrolmentResponse = withData(z.object({ token: z.string(), user: loginUser, recovery_codes: z.array(z.string()) }));
