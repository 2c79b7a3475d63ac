import { useRollSecretMutation } from '../api/endpoints-api';
import type { EndpointWithSecret } from '../api/envelopes';
import { RollDialog } from '../../../components/roll-dialog';
import { reportFailure } from '../../../lib/report-failure';

interface Props {
  endpointId: string;
  onRolled: (rolled: EndpointWithSecret) => void;
  onClose: () => void;
}

/** Roll secret (DEV-05): a new secret now; the old one keeps signing for the chosen grace. */
export function RollSecretDialog({ endpointId, onRolled, onClose }: Props) {
  const [roll, { isLoading }] = useRollSecretMutation();
  const submit = async (graceHours: number) => {
    const request = roll({ id: endpointId, graceHours });
    const result = await request;
    // The new secret lives in the secret dialog alone: the store forgets the answer (DEV-04).
    request.reset();
    if ('error' in result) reportFailure(result.error, 'The secret could not be rolled');
    else onRolled(result.data);
  };
  return (
    <RollDialog
      title="Roll secret"
      graceLabel="Old secret expires"
      submitLabel="Roll secret"
      busy={isLoading}
      onRoll={submit}
      onClose={onClose}
    >
      A new secret signs every delivery from now on. Keep the old one signing too while your system switches over.
    </RollDialog>
  );
}
