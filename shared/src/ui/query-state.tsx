import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Loading } from '@paydesk/shared/ui/loading';

interface QueryStateProps<T> {
  isLoading: boolean;
  error: unknown;
  data: T | undefined;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  errorText: string;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}

/** The one way a page renders a query: loading, error, empty or data. */
export function QueryState<T>({ isLoading, error, data, isEmpty, emptyText, errorText, onRetry, children }: QueryStateProps<T>) {
  if (isLoading) return <Loading />;
  if (error || data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      >
        {errorText}
      </Alert>
    );
  }
  if (isEmpty?.(data)) {
    return <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>{emptyText}</Typography>;
  }
  return <>{children(data)}</>;
}
