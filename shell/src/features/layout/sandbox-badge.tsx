import { LabelChip } from '@paydesk/shared/ui/label-chip';
import { useMeQuery } from '@paydesk/shared/api/me-api';

/**
 * "Sandbox" in the top bar whenever the sandbox processor decides payment outcomes, so nobody
 * takes simulated payments for real ones. The server says so in GET /api/auth/me, which the
 * signed-in layout has already asked (one cached call).
 */
export function SandboxBadge() {
  const { data } = useMeQuery(undefined);
  if (!data?.payment_processor.sandbox) return null;
  return (
    <LabelChip
      label="Sandbox"
      tone="warning"
      variant="filled"
      title="Payments are simulated by the sandbox processor"
      sx={{ mr: 1, fontWeight: 700 }}
    />
  );
}
