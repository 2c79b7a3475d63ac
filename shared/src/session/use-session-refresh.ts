import { useEffect } from 'react';
import { useMeQuery } from '../api/me-api';
import { useAppDispatch, useAppSelector } from '../store';
import { sessionRefreshed, signedIn } from './session-slice';

/**
 * Asks the server who is signed in (GET /api/auth/me) when a session starts or is restored, and
 * again whenever the window regains focus, and keeps the answer in the session: a changed name,
 * role or set of permissions shows without signing out. The one caller is whatever holds the
 * signed-in pages (the shell's protected layout, a remote's own page in development).
 */
export function useSessionRefresh() {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.session.token);
  const user = useAppSelector((state) => state.session.user);
  const me = useMeQuery(undefined, { skip: token === null });
  const { refetch } = me;
  const signedInNow = token !== null;

  useEffect(() => {
    if (!signedInNow) return;
    const again = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [signedInNow, refetch]);

  useEffect(() => {
    if (!me.data || !token || !user) return;
    const fresh = { id: me.data.id, username: me.data.name, role: me.data.role, email: me.data.email };
    // A changed user is written to local storage as at sign-in (the store's listener); its permissions never are.
    if (fresh.username !== user.username || fresh.role !== user.role || fresh.email !== user.email) {
      dispatch(signedIn({ token, user: fresh }));
    }
    dispatch(
      sessionRefreshed({ user: fresh, permissions: me.data.permissions, roleName: me.data.role_name, demo: me.data.mode === 'demo' }),
    );
  }, [me.data, token, user, dispatch]);

  return me;
}
