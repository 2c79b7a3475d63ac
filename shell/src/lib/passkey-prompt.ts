import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';

/*
 * The browser's passkey prompt (AUTH-17 to AUTH-19, AUTH-22, AUTH-23) through @simplewebauthn/browser, with each way
 * it can end said in words a person can act on. The server's options go in as they came; what the
 * authenticator answers goes back to the server, which checks it.
 */

export const PROMPT_CANCELLED = 'The passkey prompt was closed before it finished. Try again when you are ready.';
export const NOT_SUPPORTED = 'This browser cannot use passkeys. Sign in with your password instead.';
export const REGISTERED_ALREADY = 'This passkey is registered already. Use another authenticator, or keep the one in the list.';
export const NO_VERIFICATION = 'This authenticator cannot check a PIN, fingerprint or face, which Paydesk requires of a passkey.';
export const PROMPT_FAILED = 'The passkey could not be used. Please try again.';
export const wrongHost = (rpId: string): string => `Passkeys work only at ${rpId}. Open the back office there to use one.`;

/** An IP address: no browser accepts one as a relying party, so no passkey can be used there. */
const isAddress = (host: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

/** Whether this page can use passkeys at all: a browser with WebAuthn, on a host name. */
export function passkeysUsable(): boolean {
  return browserSupportsWebAuthn() && !isAddress(window.location.hostname);
}

export type PromptOutcome<T> = { ok: true; response: T } | { ok: false; cancelled: boolean; message: string };

/** The options' relying party: `rp.id` for a registration, `rpId` for a sign-in. */
function rpIdOf(options: Record<string, unknown>): string {
  const rp = options.rp as { id?: unknown } | undefined;
  const id = typeof rp?.id === 'string' ? rp.id : options.rpId;
  return typeof id === 'string' ? id : window.location.hostname;
}

function explain(error: unknown, options: Record<string, unknown>): { cancelled: boolean; message: string } {
  if (!browserSupportsWebAuthn()) return { cancelled: false, message: NOT_SUPPORTED };
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const name = error instanceof Error ? error.name : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return { cancelled: false, message: REGISTERED_ALREADY };
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return { cancelled: false, message: wrongHost(rpIdOf(options)) };
  if (code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') return { cancelled: false, message: NO_VERIFICATION };
  // Closed, timed out, or no passkey chosen: the browser tells these apart from nothing else, and from each other not at all.
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return { cancelled: true, message: PROMPT_CANCELLED };
  return { cancelled: false, message: PROMPT_FAILED };
}

type Options = Record<string, unknown> & { challenge: string };

/** navigator.credentials.create() with the server's registration options. */
export async function createPasskey(options: Options): Promise<PromptOutcome<unknown>> {
  try {
    return {
      ok: true,
      response: await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] }),
    };
  } catch (error) {
    return { ok: false, ...explain(error, options) };
  }
}

/** navigator.credentials.get() with the server's options: of the user's passkeys, or of any discoverable one. */
export async function signWithPasskey(options: Options): Promise<PromptOutcome<unknown>> {
  try {
    return {
      ok: true,
      response: await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] }),
    };
  } catch (error) {
    return { ok: false, ...explain(error, options) };
  }
}

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional mediation), on a page that can use them. */
export async function passkeyAutofillUsable(): Promise<boolean> {
  return passkeysUsable() && (await browserSupportsWebAuthnAutofill());
}

/**
 * A conditional navigator.credentials.get(): pending until the person picks a passkey in the
 * autofill of an `autocomplete="username webauthn"` field. Any other prompt the page starts
 * aborts it (@simplewebauthn/browser keeps one ceremony at a time), as cancelPasskeyPrompt does.
 */
export async function autofillPasskey(options: Options): Promise<PromptOutcome<unknown>> {
  try {
    return {
      ok: true,
      response: await startAuthentication({
        optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
        useBrowserAutofill: true,
      }),
    };
  } catch (error) {
    return { ok: false, ...explain(error, options) };
  }
}

/** Ends the pending passkey request, if any: it then ends as cancelled (ERROR_CEREMONY_ABORTED), which nobody is told. */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}
