import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MAX_FILE_BYTES } from '@paydesk/shared/schemas/dispute';
import { useAppDispatch } from '@paydesk/shared/store';
import { uploadEvidence } from '../api/upload-evidence';
import { FileDownloadButton } from './file-download-button';

const PERCENT = 100;
const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;
/** What the picker offers; the server decides by the bytes (DSP-11), this spares a pointless upload. */
export const ACCEPTED_FILES = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const acceptedName = /\.(pdf|png|jpe?g)$/i;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

interface Props {
  label: string;
  /** The file's id, '' for none. */
  value: string;
  /** The name of a file uploaded from this page; the saved ones are known by their ids. */
  fileName: string | undefined;
  onChange: (id: string, name?: string) => void;
  /** While a file goes up, the form waits for it before it saves or submits. */
  onBusy: (busy: boolean) => void;
}

/**
 * One file of the evidence: Upload sends a PDF, PNG or JPEG of at most 5 MB with its progress
 * shown; the server's refusal is said under the field in its own words. The file becomes part of
 * the evidence once the form is saved or submitted.
 */
export function EvidenceFileField({ label, value, fileName, onChange, onBusy }: Props) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || upload.current) return;
    if (file.size > MAX_FILE_BYTES) return setError(`A file is at most ${MAX_MB} MB: ${file.name} is larger`);
    if (!acceptedName.test(file.name)) return setError('Only PDF, PNG and JPEG files are taken');
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setSent(0);
    onBusy(true);
    try {
      const outcome = await dispatch(uploadEvidence(file, { signal: controller.signal, onProgress: setSent }));
      if (outcome.kind === 'uploaded') onChange(outcome.file.id, outcome.file.filename);
      else if (outcome.kind === 'refused') setError(outcome.message);
    } catch (failure) {
      if (!isAbort(failure)) setError('The file did not reach the server: try again');
    } finally {
      upload.current = null;
      setSent(null);
      onBusy(false);
    }
  };

  const percent = sent === null ? 0 : Math.round(Math.min(Math.max(sent, 0), 1) * PERCENT);
  return (
    <Box role="group" aria-labelledby={`${id}-label`} data-testid={`file-${label}`} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={`${id}-label`} variant="body2" sx={{ fontWeight: 500 }}>
            {label}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="file-name">
            {value === '' ? 'No file' : (fileName ?? value)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {value !== '' ? <FileDownloadButton id={value} label={label} /> : null}
          {value !== '' ? (
            <Button size="small" color="inherit" onClick={() => onChange('')} disabled={sent !== null}>
              Remove
            </Button>
          ) : null}
          <Button size="small" component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={sent !== null}>
            {value === '' ? 'Upload' : 'Replace'}
            <input
              hidden
              type="file"
              accept={ACCEPTED_FILES}
              aria-label={`${label}: PDF, PNG or JPEG, at most ${MAX_MB} MB`}
              onChange={(e) => void choose(e)}
            />
          </Button>
        </Box>
      </Box>
      {sent !== null ? (
        <Box role="status">
          <LinearProgress variant="determinate" value={percent} aria-label={`Uploading ${label}`} />
          <Typography variant="caption" color="text.secondary">
            Uploading… {percent}%
          </Typography>
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
