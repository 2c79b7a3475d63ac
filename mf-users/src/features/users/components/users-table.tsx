import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import { roleLabel, type Role } from '@paydesk/shared/roles';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { UserStatusChip } from './user-status-chip';
import { TableRegion } from '@paydesk/shared/ui/table-region';

interface UsersTableProps {
  users: readonly AdminUser[];
  /** Roles the signed-in user may manage: other rows get no actions (the server refuses them anyway). */
  manageable: readonly Role[];
  actorId: number | undefined;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  /** Given to a super_admin only (AUTH-13): rows with a second factor get a reset action. */
  onResetTwoFactor?: (user: AdminUser) => void;
}

export function UsersTable({ users, manageable, actorId, onEdit, onDelete, onResetTwoFactor }: UsersTableProps) {
  return (
    <TableRegion label="Admin Users">
      <Table size="small" aria-label="Admin Users">
        <TableHead>
          <TableRow>
            <TableCell>Username</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover data-testid={`user-row-${user.email}`}>
              <TableCell>{user.name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>{roleLabel(user.role)}</TableCell>
              <TableCell>
                <UserStatusChip status={user.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {manageable.includes(user.role) ? (
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
                {manageable.includes(user.role) && user.id !== actorId ? (
                  <Tooltip title="Delete">
                    <IconButton size="small" color="error" aria-label={`Delete ${user.name}`} onClick={() => onDelete(user)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
