import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { selectCurrentUser, signedIn } from '@paydesk/shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '@paydesk/shared/store';
import { Loading } from '@paydesk/shared/ui/loading';
import { useMeQuery } from '../../lib/auth-api';

/** /control: signed-out visitors go to the login page; the stored session is checked with the server first. */
export function ProtectedLayout() {
  const dispatch = useAppDispatch();
  const session = useAppSelector((state) => state.session);
  const user = useAppSelector(selectCurrentUser);
  const me = useMeQuery(undefined, { skip: session.token === null });

  // The server's word wins over local storage: a changed name or role shows without signing out.
  useEffect(() => {
    if (!me.data || !session.token || !user) return;
    const fresh = { id: me.data.id, username: me.data.name, role: me.data.role, email: me.data.email };
    if (fresh.username !== user.username || fresh.role !== user.role || fresh.email !== user.email) {
      dispatch(signedIn({ token: session.token, user: fresh }));
    }
  }, [me.data, session.token, user, dispatch]);

  if (session.token === null) return <Navigate to={controlPaths.login} replace />;
  if (me.isLoading) return <Loading label="Loading session" fill />;
  return <Outlet />;
}
