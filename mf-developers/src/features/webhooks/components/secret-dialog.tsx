import Alert from '@mui/material/Alert';
import { formatDateTime } from '@paydesk/shared/format';
import { ShownOnceDialog } from '@paydesk/shared/ui/shown-once-dialog';

interface Props {
  secret: string;
  /** After a roll: until when the previous secret still signs (null: it stopped now). */
  previousUntil?: string | null;
  onClose: () => void;
}

/** The signing secret, shown this once (DEV-04): the server never answers it again. */
export function SecretDialog({ secret, previousUntil, onClose }: Props) {
  const footnote =
    previousUntil === undefined
      ? undefined
      : previousUntil
        ? `The previous secret also signs until ${formatDateTime(previousUntil)}.`
        : 'The previous secret no longer signs.';
  return (
    <ShownOnceDialog
      title="Signing secret"
      notice={<Alert severity="warning">Copy this secret now: it will not be shown again.</Alert>}
      value={secret}
      testId="signing-secret"
      noun={{ copied: 'The signing secret', failed: 'The secret' }}
      footnote={footnote}
      onClose={onClose}
    />
  );
}
