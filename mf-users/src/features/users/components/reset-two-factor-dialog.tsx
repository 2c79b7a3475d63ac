import type { AdminUser } from '@paydesk/shared/schemas/user';
import { ConfirmDialog } from '@paydesk/shared/ui/confirm-dialog';
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
    <ConfirmDialog
      title="Reset Two-Factor Sign-In"
      confirm={{ label: 'Reset', busyLabel: 'Processing...', color: 'warning' }}
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      Reset two-factor sign-in for {user.name}? Their authenticator app and recovery codes stop working and they are signed out everywhere.
    </ConfirmDialog>
  );
}
