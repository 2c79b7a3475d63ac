import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@paydesk/shared/format';
import { MAX_EVIDENCE_TEXT } from '@paydesk/shared/schemas/dispute';
import type { DisputeEvidenceField, DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useAcceptDisputeMutation, useUpdateDisputeMutation } from '../api/disputes-api';
import { isInquiry } from '../model/dispute-labels';
import {
  changedFields,
  checkChanges,
  evidenceLabels,
  filledCount,
  longTexts,
  shownFields,
  valuesOf,
  type EvidenceValues,
} from '../model/evidence-fields';
import { EvidenceFileField } from './evidence-file-field';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The evidence of a dispute that waits for it (DSP-08): the texts and files the issuer looks for
 * first, every field a click away; Save keeps a draft that nothing sends to the issuer, Submit
 * sends it (with any change not saved yet) once confirmed, and Accept closes the dispute once
 * confirmed. Only the fields that changed are sent, as the API takes them.
 */
export function EvidenceForm({ dispute }: { dispute: DisputeObject }) {
  const [saved, setSaved] = useState<EvidenceValues>(() => valuesOf(dispute.evidence));
  const [values, setValues] = useState<EvidenceValues>(saved);
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Partial<Record<DisputeEvidenceField, string>>>({});
  const [showAll, setShowAll] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [asking, setAsking] = useState<'submit' | 'accept' | null>(null);
  const [update, { isLoading: updating, originalArgs }] = useUpdateDisputeMutation();
  const [accept, { isLoading: accepting }] = useAcceptDisputeMutation();

  const changes = changedFields(saved, values);
  const dirty = Object.keys(changes).length > 0;
  const filled = filledCount(values);
  const busy = updating || accepting || uploading > 0;
  const inquiry = isInquiry(dispute.status);
  const { texts, files } = shownFields(dispute.reason, values, showAll);

  const set = (field: DisputeEvidenceField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Saves the changes, and with `submit` submits the whole evidence; true when the server took it. */
  const send = async (submit: boolean): Promise<boolean> => {
    const checked = checkChanges(changes);
    if (!checked.ok) {
      setErrors(checked.errors);
      notify('error', 'Evidence not saved', 'Some fields need a change: see the messages under them');
      return false;
    }
    const result = await update({ id: dispute.id, evidence: checked.evidence, submit });
    if (result.error) {
      reportFailure(result.error, submit ? 'The evidence could not be submitted' : 'The evidence could not be saved');
      return false;
    }
    const now = valuesOf(result.data.dispute.evidence);
    setSaved(now);
    setValues(now);
    notify(
      'success',
      result.data.message,
      submit ? 'The issuer decides on it; the timeline shows the outcome' : 'A draft: nothing is sent to the issuer until you submit',
    );
    return true;
  };

  const confirmSubmit = async () => {
    await send(true);
    setAsking(null);
  };
  const confirmAccept = async () => {
    const result = await accept(dispute.id);
    setAsking(null);
    if (result.error) return reportFailure(result.error, `The ${inquiry ? 'inquiry' : 'dispute'} could not be accepted`);
    notify('success', result.data.message, inquiry ? 'The inquiry is closed' : 'The dispute is closed as lost');
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Evidence"
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && !busy) void send(false);
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        Give what shows the payment was right. Save keeps a draft; Submit sends it to the cardholder&apos;s bank, and submitted evidence is
        final. Never write a full card number: the last four digits are enough.
      </Typography>
      {texts.map((field) => (
        <TextField
          key={field}
          label={evidenceLabels[field]}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
          multiline={longTexts.has(field)}
          minRows={longTexts.has(field) ? 2 : undefined}
          maxRows={longTexts.has(field) ? 12 : undefined}
          error={errors[field] !== undefined}
          helperText={errors[field]}
          disabled={updating || accepting}
          slotProps={{ htmlInput: { maxLength: MAX_EVIDENCE_TEXT } }}
        />
      ))}
      <Divider />
      <Typography variant="subtitle2" component="h3">
        Files (PDF, PNG or JPEG, at most 5 MB each)
      </Typography>
      {files.map((field) => (
        <EvidenceFileField
          key={field}
          label={evidenceLabels[field]}
          value={values[field]}
          fileName={fileNames[values[field]]}
          onChange={(id, name) => {
            set(field, id);
            if (name) setFileNames((current) => ({ ...current, [id]: name }));
          }}
          onBusy={(on) => setUploading((n) => n + (on ? 1 : -1))}
        />
      ))}
      <Box>
        <Button size="small" onClick={() => setShowAll(!showAll)} aria-expanded={showAll}>
          {showAll ? 'Show the suggested fields only' : 'Show every evidence field'}
        </Button>
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="outlined" disabled={!dirty || busy}>
          {updating && originalArgs?.submit === false ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="contained" onClick={() => setAsking('submit')} disabled={busy || filled.texts + filled.files === 0}>
          Submit evidence
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button color="error" onClick={() => setAsking('accept')} disabled={busy}>
          {inquiry ? 'Accept inquiry' : 'Accept dispute'}
        </Button>
      </Box>
      {dirty ? (
        <Typography variant="caption" color="text.secondary" role="status">
          Changes not saved yet
        </Typography>
      ) : null}
      {asking === 'submit' ? (
        <ConfirmDialog
          title="Submit the evidence?"
          confirm={{ label: 'Submit evidence', busyLabel: 'Submitting…', color: 'warning' }}
          busy={updating}
          onConfirm={confirmSubmit}
          onClose={() => setAsking(null)}
        >
          {plural(filled.texts, 'text', 'texts')} and {plural(filled.files, 'file', 'files')} go to the cardholder&apos;s bank
          {dirty ? ', with the changes not saved yet' : ''}. Submitted evidence is final: it cannot be changed or added to.
        </ConfirmDialog>
      ) : null}
      {asking === 'accept' ? (
        <ConfirmDialog
          title={inquiry ? 'Accept the inquiry?' : 'Accept the dispute?'}
          confirm={{ label: inquiry ? 'Accept inquiry' : 'Accept dispute', busyLabel: 'Accepting…' }}
          busy={accepting}
          onConfirm={confirmAccept}
          onClose={() => setAsking(null)}
        >
          {inquiry
            ? 'The inquiry closes without any evidence: no money moves, and the payment gets its status back.'
            : `The dispute closes as lost: the ${formatMoney(dispute.amount)} and the ${formatMoney(dispute.fee)} fee taken from the balance stay with the cardholder's bank, and no evidence can be given any more.`}
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
