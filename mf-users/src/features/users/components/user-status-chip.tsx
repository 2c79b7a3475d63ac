import type { UserStatus } from '@paydesk/shared/schemas/user';
import { StatusChip } from '@paydesk/shared/ui/status-chip';

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
  return <StatusChip label={statusLabel(status)} tone={status === 'active' ? 'success' : 'error'} data-status={status} />;
}
