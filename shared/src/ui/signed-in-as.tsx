import Typography from '@mui/material/Typography';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useRoleName } from '@paydesk/shared/session/use-can';
import { useAppSelector } from '@paydesk/shared/store';

/** Shows the session the page sees through the shared store, with the role's name as the server gives it. */
export function SignedInAs() {
  const user = useAppSelector(selectCurrentUser);
  const roleName = useRoleName();
  if (!user) return null;
  return (
    <Typography color="text.secondary" data-testid="signed-in-as">
      Signed in as {user.username}
      {roleName ? ` (${roleName})` : ''}
    </Typography>
  );
}
