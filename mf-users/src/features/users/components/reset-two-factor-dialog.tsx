import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { useResetTwoFactorMutation } from '../api/reset-two-factor';
import { reportOutcome } from '../lib/report-outcome';

/** AUTH-13: a super_admin removes a user's second factor (a lost phone); the user is signed out everywhere. */
export function ResetTwoFactorDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [reset, { isLoading }] = useResetTwoFactorMutation();

  const confirm = async () => {
    const result = await reset(user.id);
    if (reportOutcome(result, { success: 'Two-Factor Sign-In Reset', fallback: 'Failed to reset two-factor sign-in' })) onClose();
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="reset-two-factor-title" aria-describedby="reset-two-factor-text">
      <DialogTitle id="reset-two-factor-title">Reset Two-Factor Sign-In</DialogTitle>
      <DialogContent>
        <DialogContentText id="reset-two-factor-text">
          Reset two-factor sign-in for {user.name}? Their authenticator app and recovery codes stop working and they are signed out everywhere.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>Cancel</Button>
        <Button color="warning" variant="contained" onClick={confirm} disabled={isLoading}>
          {isLoading ? 'Processing...' : 'Reset'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
