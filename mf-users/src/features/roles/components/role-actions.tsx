import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';

export interface RoleActionsProps {
  /** Absent until the permission catalogue is at hand, which the form needs. */
  onEdit: ((role: RoleInfo) => void) | undefined;
  onDelete: (role: RoleInfo) => void;
}

/** Edit and Delete of a custom role; a built-in one has none (the server refuses both). */
export function RoleActions({ role, onEdit, onDelete }: RoleActionsProps & { role: RoleInfo }) {
  if (role.built_in) return null;
  return (
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
  );
}
