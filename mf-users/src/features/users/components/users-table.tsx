import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { UserStatusChip } from './user-status-chip';

interface UsersTableProps {
  users: readonly AdminUser[];
  /** Each role's name by its key (GET /api/backend/roles); a key not (yet) known shows as it is. */
  roleNames: ReadonlyMap<string, string>;
  /** The roles the signed-in user may give: users of other roles get no actions (the server refuses them anyway). */
  manageable: ReadonlySet<string>;
  actorId: number | undefined;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  /** Given to a super_admin only (AUTH-13): rows with a second factor get a reset action. */
  onResetTwoFactor?: (user: AdminUser) => void;
}

export function UsersTable({ users, roleNames, manageable, actorId, onEdit, onDelete, onResetTwoFactor }: UsersTableProps) {
  const columns: DataColumn<AdminUser>[] = [
    { key: 'username', header: 'Username', cell: (user) => user.name },
    { key: 'email', header: 'Email', cell: (user) => user.email },
    { key: 'role', header: 'Role', cell: (user) => roleNames.get(user.role) ?? user.role },
    { key: 'status', header: 'Status', cell: (user) => <UserStatusChip status={user.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      nowrap: true,
      cell: (user) => (
        <>
          {manageable.has(user.role) ? (
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${user.name}`} onClick={() => onEdit(user)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {onResetTwoFactor && user.two_factor ? (
            <Tooltip title="Reset two-factor sign-in">
              <IconButton
                size="small"
                color="warning"
                aria-label={`Reset two-factor sign-in of ${user.name}`}
                onClick={() => onResetTwoFactor(user)}
              >
                <PhonelinkErase fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          {/* Nobody deletes their own account: the server refuses it, so no button for it. */}
          {manageable.has(user.role) && user.id !== actorId ? (
            <Tooltip title="Delete">
              <IconButton size="small" color="error" aria-label={`Delete ${user.name}`} onClick={() => onDelete(user)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <DataTable
      label="Admin Users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      rowTestId={(user) => `user-row-${user.email}`}
      emptyText="No admin users yet"
    />
  );
}
