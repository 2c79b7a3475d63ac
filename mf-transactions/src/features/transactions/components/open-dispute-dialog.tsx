import { useRef, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import { endedBySignOut, readApiError } from '@paydesk/shared/api/api-error';
import { newIdempotencyKey } from '@paydesk/shared/api/idempotency-key';
import { disputeReasonLabels } from '@paydesk/shared/dispute-reasons';
import { formatMoney } from '@paydesk/shared/format';
import { disputeReasons, type DisputeReason } from '@paydesk/shared/schemas/merchant-objects';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { SelectField } from '@paydesk/shared/ui/select-field';
import { useOpenDemoDisputeMutation } from '../api/transactions-api';

const kinds = ['dispute', 'inquiry'] as const;
type Kind = (typeof kinds)[number];

/**
 * Demo mode: the cardholder's bank disputes a payment, opened by hand to try the Disputes area. A
 * dispute takes what is left of the payment and the dispute fee from the balance at once; an
 * inquiry moves no money.
 */
export function OpenDisputeDialog({ transactionId, onClose }: { transactionId: string; onClose: () => void }) {
  const [reason, setReason] = useState<DisputeReason>('fraudulent');
  const [kind, setKind] = useState<Kind>('dispute');
  const [openDispute, { isLoading }] = useOpenDemoDisputeMutation();
  const key = useRef(newIdempotencyKey());
  const submit = async () => {
    const result = await openDispute({ transactionId, body: { reason, inquiry: kind === 'inquiry' }, idempotencyKey: key.current });
    if (result.data) {
      const { amount, status } = result.data.data;
      notify(
        'success',
        status.startsWith('warning_') ? 'Inquiry opened' : 'Dispute opened',
        `${formatMoney(amount)} disputed: answer it in Disputes`,
      );
      onClose();
    } else if (!endedBySignOut(result.error)) {
      notify('error', 'Dispute not opened', readApiError(result.error).message ?? 'Please try again');
    }
  };
  return (
    <FormDialog
      title="Open a dispute (demo)"
      description="As the cardholder's bank would. A dispute takes the payment's amount and the dispute fee from the balance; an inquiry moves no money."
      submit={{ label: 'Open', busyLabel: 'Opening...' }}
      busy={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField label="Kind" value={kind} onChange={(value) => setKind(kinds.find((k) => k === value) ?? 'dispute')} fullWidth>
        <MenuItem value="dispute">Dispute</MenuItem>
        <MenuItem value="inquiry">Inquiry</MenuItem>
      </SelectField>
      <SelectField
        label="Reason"
        value={reason}
        onChange={(value) => setReason(disputeReasons.find((r) => r === value) ?? 'fraudulent')}
        fullWidth
      >
        {disputeReasons.map((r) => (
          <MenuItem key={r} value={r}>
            {disputeReasonLabels[r]}
          </MenuItem>
        ))}
      </SelectField>
    </FormDialog>
  );
}
