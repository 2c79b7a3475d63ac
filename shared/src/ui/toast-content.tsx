import { forwardRef } from 'react';
import Alert from '@mui/material/Alert';
import { SnackbarContent, type CustomContentProps } from 'notistack';

/**
 * One toast, read out by screen readers: an error interrupts (role="alert"), anything else waits
 * its turn (role="status"). notistack's own content says role="alert" for every variant, which
 * would interrupt a reader for "Data Refreshed" as for a failed payment.
 */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { message, variant, style, className },
  ref,
) {
  const severity = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert variant="filled" severity={severity} role={variant === 'error' ? 'alert' : 'status'} sx={{ width: '100%', minWidth: 288 }}>
        {message}
      </Alert>
    </SnackbarContent>
  );
});
