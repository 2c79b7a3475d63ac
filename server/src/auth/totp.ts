import { Secret, TOTP } from 'otpauth';
import { hashSecret } from '../security/secret-hash';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const ISSUER = 'Paydesk';
/** One step either side: a code typed as it changes, or a phone clock a few seconds off, still works. */
const WINDOW = 1;

export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secretBase32: string, label = 'staff') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as the manual key shows it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (secretBase32: string, email: string): string => totpOf(secretBase32, email).toString();

/** The QR code of that address as an SVG data URL (the page shows it as an image: no QR code in the shell's bundle). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // Loaded at the first enrolment rather than with every server.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step of a valid 6-digit code at `now` (within the window), or null. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Ten codes of 80 random bits each, as `xxxx-xxxx-xxxx-xxxx` in base32 (no 0/1/8/9 to misread). */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g)!.join('-'));

/** How a recovery code is typed does not matter: case, spaces and dashes are ignored. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** 80 random bits: one SHA-256 is enough (hashSecret says why). */
export const hashRecoveryCode = (code: string): string => hashSecret(normaliseRecoveryCode(code));

export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));
