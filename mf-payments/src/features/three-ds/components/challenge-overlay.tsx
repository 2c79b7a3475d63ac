import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { challengeMessage } from '@paydesk/shared/schemas/payer-api';
import type { ChallengeForm } from '../model/challenge-form';

/** CONST-04: the 3D redirect form auto-submits after 1 second. */
export const CHALLENGE_SUBMIT_DELAY_MS = 1000;

interface ChallengeOverlayProps {
  form: ChallengeForm;
  transactionId: string;
  challengeOrigin: string;
  /** Called once, when the challenge reports that it is done. */
  onComplete: (transactionId: string) => void;
}

/** True for a message from the challenge origin that says this transaction's challenge is done. */
export function isChallengeComplete(event: MessageEvent, challengeOrigin: string, transactionId: string): boolean {
  let expected: string;
  try {
    expected = new URL(challengeOrigin).origin;
  } catch {
    return false;
  }
  if (event.origin !== expected) return false;
  const parsed = challengeMessage.safeParse(event.data);
  return parsed.success && parsed.data.transaction_id === transactionId;
}

/**
 * The 3D challenge overlay (PAY-09): the issuer's page runs in a sandboxed frame; the form
 * that posts into it is built here from the parsed fields, never from the HTML the API sent.
 */
export function ChallengeOverlay({ form, transactionId, challengeOrigin, onComplete }: ChallengeOverlayProps) {
  const frameName = `three-ds-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const done = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => formRef.current?.submit(), CHALLENGE_SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (done.current || !isChallengeComplete(event, challengeOrigin, transactionId)) return;
      done.current = true;
      onComplete(transactionId);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [challengeOrigin, transactionId, onComplete]);

  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="three-ds-title">
      <DialogTitle id="three-ds-title">3D Secure Verification</DialogTitle>
      <DialogContent>
        <Box
          component="iframe"
          name={frameName}
          title="3D Secure challenge"
          sandbox="allow-forms allow-scripts allow-same-origin"
          sx={{ width: '100%', height: 460, border: 0, bgcolor: 'background.paper' }}
        />
        <form ref={formRef} method="post" action={form.action} target={frameName} hidden data-testid="three-ds-form">
          {form.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      </DialogContent>
    </Dialog>
  );
}
