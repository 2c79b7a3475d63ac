import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatDateTime } from '@paydesk/shared/format';
import { notify } from '@paydesk/shared/ui/notify';
import type { ReleasePreview } from '../../remotes/manifest';
import { useEndPreviewMutation } from '../../lib/preview-api';

/**
 * Shown on every back-office page while this browser previews a release that is not live: which
 * one, until when, and the way out (the next page load has the live releases again).
 */
export function PreviewBanner({ preview, reload = () => window.location.reload() }: { preview: ReleasePreview; reload?: () => void }) {
  const [endPreview, { isLoading }] = useEndPreviewMutation();
  const exit = async () => {
    try {
      await endPreview().unwrap();
      reload();
    } catch {
      // The cookie is still there: a reload would preview again.
      notify('error', 'Preview not ended', 'The server did not answer. Try again.');
    }
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void exit()} disabled={isLoading}>
          Exit preview
        </Button>
      }
    >
      Previewing {preview.remote} {preview.version} in this browser only, until {formatDateTime(preview.expires_at)}.
    </Alert>
  );
}
