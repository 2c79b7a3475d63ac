import { Navigate, Outlet } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { useSessionRefresh } from '@paydesk/shared/session/use-session-refresh';
import { useAppSelector } from '@paydesk/shared/store';
import { Loading } from '@paydesk/shared/ui/loading';
import { ErrorNotice } from '../../components/error-notice';

/**
 * /control: signed-out visitors go to the login page. A session (new or restored from local
 * storage) is checked with the server first, which also says what it may do: the pages and the
 * menu wait for that, so nothing shows that the permissions would then take away.
 */
export function ProtectedLayout() {
  const session = useAppSelector((state) => state.session);
  const me = useSessionRefresh();

  if (session.token === null) return <Navigate to={controlPaths.login} replace />;
  if (session.permissions === null && me.isError && !me.isFetching) {
    return (
      <ErrorNotice severity="error" title="The session could not be loaded" action={{ label: 'Retry', onClick: () => void me.refetch() }}>
        The server did not say what this account may do. Try again in a moment.
      </ErrorNotice>
    );
  }
  if (session.permissions === null) return <Loading label="Loading session" fill />;
  return <Outlet />;
}
