import Alert from '@mui/material/Alert';
import type { CreatedDeployToken } from '@paydesk/shared/schemas/platform';
import { ShownOnceDialog } from '@paydesk/shared/ui/shown-once-dialog';

/** The whole token, shown this once: the server keeps only its hash and never answers it again. */
export function TokenShownDialog({ created, onClose }: { created: CreatedDeployToken; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title={`Deploy token for ${created.remote}`}
      notice={
        <Alert severity="warning">
          Copy this token now: it will not be shown again. The team&apos;s CI releases {created.remote} with it, as PAYDESK_DEPLOY_TOKEN of
          npm run release.
        </Alert>
      }
      value={created.token}
      testId="deploy-token-secret"
      noun={{ copied: 'The token', failed: 'The token' }}
      onClose={onClose}
    />
  );
}
