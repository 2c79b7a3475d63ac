import Chip from '@mui/material/Chip';
import type { UserStatus } from '@paydesk/shared/schemas/user';

export const statusLabel = (status: UserStatus): string => {
  switch (status) {
    case 'active':
      return 'Active';
    case 'inactive':
      return 'Inactive';
    case 'suspended':
      return 'Suspended';
  }
};

/** USR-05: only active shows green; the others show red. */
export function UserStatusChip({ status }: { status: UserStatus }) {
  return <Chip size="small" label={statusLabel(status)} color={status === 'active' ? 'success' : 'error'} data-status={status} />;
}
