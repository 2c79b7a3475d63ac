import { useEffect, useRef, useState } from 'react';
import { usePasskeySignInOptionsMutation } from '../../lib/auth-api';
import { autofillPasskey, cancelPasskeyPrompt, passkeyAutofillUsable } from '../../lib/passkey-prompt';

/** New options before the attempt they are bound to expires on the server (five minutes, AUTH-20). */
const RENEW_MS = 4 * 60_000;

/**
 * AUTH-23: while `active` (the password form is shown and nothing else is under way), a
 * conditional passkey request waits for the person to pick a passkey in the e-mail field's
 * autofill; the pick signs in as `Sign in with a passkey` does (AUTH-19). It is aborted when the
 * form stops being active (the password sent, the button's prompt, the page left) and started
 * again when it is active again. A browser without conditional mediation asks nothing.
 */
export function usePasskeyAutofill(active: boolean, signIn: (attempt: string, response: unknown) => Promise<void>): void {
  const [options] = usePasskeySignInOptionsMutation();
  const [round, setRound] = useState(0);
  // The latest handler, so that a new one each render does not restart the request.
  const signInRef = useRef(signIn);
  useEffect(() => {
    signInRef.current = signIn;
  }, [signIn]);

  useEffect(() => {
    if (!active) return undefined;
    let live = true;
    const renew = setTimeout(() => setRound((n) => n + 1), RENEW_MS);
    void (async () => {
      if (!(await passkeyAutofillUsable()) || !live) return;
      const started = await options(undefined);
      if (!live || !('data' in started) || !started.data) return;
      const picked = await autofillPasskey(started.data.options);
      // Aborted or refused by the browser: the field stays as it was, and nobody is told.
      if (!live || !picked.ok) return;
      clearTimeout(renew);
      await signInRef.current(started.data.attempt, picked.response);
    })();
    return () => {
      live = false;
      clearTimeout(renew);
      cancelPasskeyPrompt();
    };
  }, [active, round, options]);
}
