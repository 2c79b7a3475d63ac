import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** A route's error element: one page failing leaves the layout and navigation working. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'This page hit an unexpected error.';
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      <AlertTitle>This page could not be shown</AlertTitle>
      {detail}
    </Alert>
  );
}
