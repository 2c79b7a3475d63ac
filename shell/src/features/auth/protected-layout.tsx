import { Navigate, Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { controlPaths } from '@paydesk/shared/routes';
import { selectIsSignedIn } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';
import { useMeQuery } from './auth-api';

/** /control: signed-out visitors go to the login page; the stored token is checked with the server first. */
export function ProtectedLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const me = useMeQuery(undefined, { skip: !signedIn });

  if (!signedIn) return <Navigate to={controlPaths.login} replace />;
  if (me.isLoading) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role="status" aria-label="Loading session">
        <CircularProgress />
      </Box>
    );
  }
  return <Outlet />;
}
