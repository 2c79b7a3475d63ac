import { useEffect } from 'react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import type { Toast } from '@paydesk/shared/ui/notify';
import { ToastContent } from './toast-content';

const content = { default: ToastContent, success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent };

const showToast = ({ variant, title, message }: Toast) =>
  enqueueSnackbar(
    <div data-testid="toast">
      <strong>{title}</strong>
      {message ? <div>{message}</div> : null}
    </div>,
    { variant },
  );

/**
 * notistack's provider, alone: it wraps nothing, so it can come after the page. Once in the page
 * it hands its way of showing a toast to `onMounted` (toastHostMounted of ui/notify.tsx, which
 * loads this module on demand and so is not imported back).
 */
export default function ToastHost({ onMounted }: { onMounted: (show: (toast: Toast) => void) => void }) {
  useEffect(() => onMounted(showToast), [onMounted]);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      Components={content}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    />
  );
}
