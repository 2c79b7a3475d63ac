import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import { notify } from '@paydesk/shared/ui/notify';
import { WithStore } from '@paydesk/shared/ui/with-store';
import { CardDialog } from '../features/card-dialog/components/card-dialog';
import type { PaymentDetails } from '../features/card-dialog/model/payment-details';
import { ChallengeOverlay } from '../features/three-ds/components/challenge-overlay';
import { DemoThreeDsModal } from '../features/three-ds/components/demo-three-ds-modal';
import { parseChallengeForm, type ChallengeForm } from '../features/three-ds/model/challenge-form';
import {
  FAILURE_FALLBACK,
  failureDestination,
  outcomeAfterChallenge,
  outcomeOf,
  pendingDestination,
  successDestination,
  type Outcome,
} from '../lib/outcome';
import { useCompleteDemoThreeDsMutation, useLazyRequeryQuery } from '../lib/payments-api';
import { usePublicConfig } from '../lib/use-public-config';
import { publicErrorMessage } from '../lib/public-fetch';

type ThreeDsStep = { kind: 'challenge'; form: ChallengeForm; transactionId: string } | { kind: 'demo'; transactionId: string };

interface PaymentFlowProps {
  details: PaymentDetails;
  /** Whether the card dialog is open; the page opens it, the flow closes it. */
  cardOpen: boolean;
  onCardClose: () => void;
}

/**
 * The payer's way from card entry to a result page (PAY-08, PAY-09): the card dialog, then the
 * outcome, 3-D Secure in between when the result asks for it.
 */
export function PaymentFlow({ details, cardOpen, onCardClose }: PaymentFlowProps) {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [requery] = useLazyRequeryQuery();
  const [completeDemo] = useCompleteDemoThreeDsMutation();
  const [threeDs, setThreeDs] = useState<ThreeDsStep | null>(null);
  const widget = details.checkoutReference !== null;

  const fail = (reason: string, transactionId: string) => {
    if (widget) {
      // Widget mode: the error is reported and the dialog closes; the payer may try again.
      notify('error', 'Payment Failed', reason);
      setThreeDs(null);
      onCardClose();
      return;
    }
    const to = failureDestination(transactionId, details.amount, reason);
    navigate(to.to, { state: to.state });
  };

  const follow = (outcome: Outcome, result: TransactionResult) => {
    const transactionId = result.transaction_id;
    switch (outcome.kind) {
      case 'success': {
        const to = successDestination(result, details.checkoutReference);
        return navigate(to.to, { state: to.state });
      }
      case 'pending': {
        const to = pendingDestination(result);
        return navigate(to.to, { state: to.state });
      }
      case 'failure':
        return fail(outcome.reason, transactionId);
      case 'demo':
        onCardClose();
        return setThreeDs({ kind: 'demo', transactionId });
      case 'challenge': {
        const form = config ? parseChallengeForm(outcome.redirectHtml, config.challengeOrigin) : null;
        if (!form) return fail(FAILURE_FALLBACK, transactionId);
        onCardClose();
        return setThreeDs({ kind: 'challenge', form, transactionId });
      }
    }
  };

  /** After the challenge: one requery by transaction id decides the page. */
  const settle = async (transactionId: string) => {
    const answer = await requery(transactionId);
    if (answer.data) follow(outcomeAfterChallenge(answer.data), answer.data);
    else fail(publicErrorMessage(answer.error, FAILURE_FALLBACK), transactionId);
  };

  const finishDemo = async (transactionId: string, otp: string | null) => {
    // The server decides from the code typed and records the outcome; the requery then reads it.
    await completeDemo({ transaction_id: transactionId, otp })
      .unwrap()
      .catch(() => undefined);
    await settle(transactionId);
  };

  return (
    <>
      {cardOpen ? (
        <CardDialog
          details={details}
          onClose={onCardClose}
          onResult={(result) => follow(outcomeOf(result), result)}
          onError={(message, transactionId) => fail(message, transactionId)}
        />
      ) : null}
      {threeDs?.kind === 'challenge' && config ? (
        <ChallengeOverlay
          form={threeDs.form}
          transactionId={threeDs.transactionId}
          challengeOrigin={config.challengeOrigin}
          onComplete={(id) => void settle(id)}
        />
      ) : null}
      {threeDs?.kind === 'demo' ? (
        <DemoThreeDsModal amount={details.amount} onDone={(otp) => void finishDemo(threeDs.transactionId, otp)} />
      ) : null}
    </>
  );
}

/** The flow with the page's store around it (payment-flow-loader.tsx loads it on demand). */
export default function StoreBoundPaymentFlow(props: PaymentFlowProps) {
  return (
    <WithStore>
      <PaymentFlow {...props} />
    </WithStore>
  );
}
