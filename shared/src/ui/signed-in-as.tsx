import Typography from '@mui/material/Typography';
import { roleLabel } from '../roles';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';

/** Shows the session the page sees through the shared store. */
export function SignedInAs() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <Typography color="text.secondary" data-testid="signed-in-as">
      Signed in as {user.username} ({roleLabel(user.role)})
    </Typography>
  );
}
