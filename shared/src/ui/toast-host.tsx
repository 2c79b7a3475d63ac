import { useEffect } from 'react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { toastHostMounted, type Toast } from '@paydesk/shared/ui/notify';
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

/** notistack's provider, alone: it wraps nothing, so it can come after the page. */
export default function ToastHost() {
  useEffect(() => toastHostMounted(showToast), []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      Components={content}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    />
  );
}
