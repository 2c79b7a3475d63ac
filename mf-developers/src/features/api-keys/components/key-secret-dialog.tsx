import Alert from '@mui/material/Alert';
import type { ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { formatDateTime } from '@paydesk/shared/format';
import { ShownOnceDialog } from '@paydesk/shared/ui/shown-once-dialog';
import { kindLabel } from '../model/key-labels';

/** The whole key, shown this once (KEY-03): the server never answers a secret key again. */
export function KeySecretDialog({ created, onClose }: { created: ApiKeyWithSecret; onClose: () => void }) {
  const { key, secret, previous } = created;
  const notice =
    key.kind === 'secret' ? (
      <Alert severity="warning">Copy this key now: it will not be shown again. Keep it on your server, never in a browser.</Alert>
    ) : (
      <Alert severity="info">Payer pages carry this key: it is not a secret.</Alert>
    );
  const footnote = previous
    ? previous.status === 'expiring' && previous.expires_at
      ? `The previous key (${previous.prefix}…) keeps working until ${formatDateTime(previous.expires_at)}.`
      : `The previous key (${previous.prefix}…) no longer works.`
    : undefined;
  return (
    <ShownOnceDialog
      title={`${kindLabel(key.kind)} key: ${key.name}`}
      notice={notice}
      value={secret}
      testId="api-key-secret"
      noun={{ copied: 'The key', failed: 'The key' }}
      footnote={footnote}
      onClose={onClose}
    />
  );
}
