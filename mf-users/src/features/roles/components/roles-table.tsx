import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatCount } from '@paydesk/shared/format';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { LabelChip } from '@paydesk/shared/ui/label-chip';

interface RolesTableProps {
  roles: readonly RoleInfo[];
  /** Absent until the permission catalogue is at hand, which the form needs. */
  onEdit: ((role: RoleInfo) => void) | undefined;
  onDelete: (role: RoleInfo) => void;
}

/** The roles: built-in ones marked, and only custom ones editable (the server refuses the others). */
export function RolesTable({ roles, onEdit, onDelete }: RolesTableProps) {
  const columns: DataColumn<RoleInfo>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (role) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {role.name}
          {role.built_in ? <LabelChip label="Built-in" /> : null}
        </Box>
      ),
    },
    { key: 'description', header: 'Description', hideOnPhone: true, cell: (role) => role.description || '—' },
    { key: 'permissions', header: 'Permissions', align: 'right', cell: (role) => formatCount(role.permissions.length) },
    { key: 'users', header: 'Users', align: 'right', cell: (role) => formatCount(role.user_count) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      nowrap: true,
      cell: (role) =>
        role.built_in ? null : (
          <>
            {onEdit ? (
              <Tooltip title="Edit">
                <IconButton size="small" aria-label={`Edit ${role.name}`} onClick={() => onEdit(role)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            <Tooltip title="Delete">
              <IconButton size="small" color="error" aria-label={`Delete ${role.name}`} onClick={() => onDelete(role)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ),
    },
  ];
  return (
    <DataTable
      label="Roles"
      columns={columns}
      rows={roles}
      rowKey={(role) => role.key}
      rowTestId={(role) => `role-row-${role.key}`}
      hover={false}
      emptyText="No roles yet"
    />
  );
}
