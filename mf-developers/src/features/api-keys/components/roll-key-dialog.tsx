import type { ApiKey, ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { notify } from '@paydesk/shared/ui/notify';
import { RollDialog } from '../../../components/roll-dialog';
import { reportFailure } from '../../../lib/report-failure';
import { useRollApiKeyMutation } from '../api/api-keys-api';

/** Roll (KEY-05): a new key now; the old one keeps working for the chosen grace. Confirmed by its button. */
export function RollKeyDialog({
  apiKey,
  onRolled,
  onClose,
}: {
  apiKey: ApiKey;
  onRolled: (rolled: ApiKeyWithSecret) => void;
  onClose: () => void;
}) {
  const [roll, { isLoading }] = useRollApiKeyMutation();
  const submit = async (graceHours: number) => {
    const request = roll({ id: apiKey.id, graceHours });
    const result = await request;
    // The new key lives in the secret dialog alone (KEY-03).
    request.reset();
    if ('error' in result) {
      reportFailure(result.error, 'The key could not be rolled');
      return;
    }
    notify('success', 'API Key Rolled', apiKey.name);
    onRolled(result.data);
  };
  return (
    <RollDialog
      title={`Roll ${apiKey.prefix}…?`}
      graceLabel="Old key expires"
      submitLabel="Roll key"
      busy={isLoading}
      onRoll={submit}
      onClose={onClose}
    >
      A new key replaces {apiKey.name}. Keep the old one working while your system switches over; after that it is refused.
    </RollDialog>
  );
}
