import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { cardUploadColumns, INVALID_FILE_MESSAGE, isExcelFileName, type CardUploadResult } from '@paydesk/shared/schemas/card';
import { useAppDispatch } from '@paydesk/shared/store';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { uploadCards } from '../api/upload-cards';
import type { UploadOutcome } from '../model/upload-outcome';
import { UploadProgress, type UploadPhase } from './upload-progress';
import { UploadResult } from './upload-result';

/** Public: the browser opens it in a new window without the session (CARD-08). */
export const TEMPLATE_URL = '/api/backend/cards/download/bulk-template';
const UPLOAD_FAILED = 'Failed to upload cards';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** VAL-12, CARD-10, ERR-10: the toasts of one upload; returns the rows to show, if any. */
function report(outcome: UploadOutcome): CardUploadResult | null {
  switch (outcome.kind) {
    case 'uploaded':
      notify('success', 'Upload Successful', 'Cards uploaded successfully');
      return outcome.result ?? null;
    case 'refused':
      notify('error', 'Upload Failed', outcome.message ?? UPLOAD_FAILED);
      return outcome.result ?? null;
    case 'session-ended':
      return null;
  }
}

/** Upload Cards: an Excel file goes up with its progress shown, then what the server made of its rows. */
export function UploadCardsDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [result, setResult] = useState<CardUploadResult | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!isExcelFileName(chosen.name)) {
      setFile(null);
      return notify('error', 'Invalid File', INVALID_FILE_MESSAGE);
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file || upload.current) return;
    const controller = new AbortController();
    upload.current = controller;
    setResult(null);
    setPhase({ kind: 'sending', sent: 0 });
    try {
      const outcome = await dispatch(
        uploadCards(file, {
          signal: controller.signal,
          onProgress: (sent) => setPhase(sent >= 1 ? { kind: 'processing' } : { kind: 'sending', sent }),
        }),
      );
      setResult(report(outcome));
      if (outcome.kind !== 'refused') setFile(null);
    } catch (error) {
      if (!isAbort(error)) notify('error', 'Upload Failed', UPLOAD_FAILED);
    } finally {
      upload.current = null;
      setPhase(null);
    }
  };

  const busy = phase !== null;
  return (
    <FormDialog
      title="Upload Cards"
      submit={{ label: 'Upload', disabled: !file }}
      busy={busy}
      onSubmit={send}
      onClose={onClose}
      // While the file goes up, the other button stops it; then it closes the dialog.
      cancel={busy ? { label: 'Cancel', onClick: () => upload.current?.abort() } : { label: 'Close', onClick: onClose }}
    >
      <Typography color="text.secondary">An Excel file (.xlsx or .xls) with the columns {cardUploadColumns.join(', ')}.</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
          Choose File
          <input hidden type="file" accept=".xlsx,.xls" aria-label="Excel file" onChange={choose} disabled={busy} />
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => window.open(TEMPLATE_URL, '_blank', 'noopener')}>
          Download Template
        </Button>
      </Box>
      <Typography data-testid="chosen-file">{file ? file.name : 'No file chosen'}</Typography>
      {phase ? <UploadProgress phase={phase} /> : null}
      {result ? <UploadResult result={result} /> : null}
    </FormDialog>
  );
}
