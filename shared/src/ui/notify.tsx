import { enqueueSnackbar } from 'notistack';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/** The one way to show a toast: a title and a message, as the spec writes them ("Title / message"). */
export function notify(variant: ToastVariant, title: string, message?: string): void {
  enqueueSnackbar(
    <div data-testid="toast">
      <strong>{title}</strong>
      {message ? <div>{message}</div> : null}
    </div>,
    { variant },
  );
}
