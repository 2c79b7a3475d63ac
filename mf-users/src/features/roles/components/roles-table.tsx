import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCount } from '@paydesk/shared/format';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';
import { CardList, ListCard } from '@paydesk/shared/ui/card-list';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { LabelChip } from '@paydesk/shared/ui/label-chip';
import { RoleActions, type RoleActionsProps } from './role-actions';

const countOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function RoleName({ role }: { role: RoleInfo }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
      <span>{role.name}</span>
      {role.built_in ? <LabelChip label="Built-in" /> : null}
    </Box>
  );
}

/** On a phone each role is a card: its name and actions, what it is for, and its counts. */
function RoleCards({ rows, ...actions }: RoleActionsProps & { rows: readonly RoleInfo[] }) {
  return (
    <CardList label="Roles">
      {rows.map((role) => (
        <ListCard key={role.key} testId={`role-card-${role.key}`}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <RoleName role={role} />
            <Box sx={{ whiteSpace: 'nowrap' }}>
              <RoleActions role={role} {...actions} />
            </Box>
          </Box>
          {role.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {role.description}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {countOf(role.permissions.length, 'permission', 'permissions')} · {countOf(role.user_count, 'user', 'users')}
          </Typography>
        </ListCard>
      ))}
    </CardList>
  );
}

/** The roles: built-in ones marked, and only custom ones editable (the server refuses the others). */
export function RolesTable({ roles, ...actions }: RoleActionsProps & { roles: readonly RoleInfo[] }) {
  const columns: DataColumn<RoleInfo>[] = [
    { key: 'name', header: 'Name', cell: (role) => <RoleName role={role} /> },
    { key: 'description', header: 'Description', cell: (role) => role.description || '—' },
    { key: 'permissions', header: 'Permissions', align: 'right', cell: (role) => formatCount(role.permissions.length) },
    { key: 'users', header: 'Users', align: 'right', cell: (role) => formatCount(role.user_count) },
    { key: 'actions', header: 'Actions', align: 'right', nowrap: true, cell: (role) => <RoleActions role={role} {...actions} /> },
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
      cards={{ below: 'sm', render: (rows) => <RoleCards rows={rows} {...actions} /> }}
    />
  );
}
