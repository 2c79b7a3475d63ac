import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@paydesk/shared/schemas/api-keys';
import { formatDateTime } from '@paydesk/shared/format';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { StatusChip, type StatusTone } from '@paydesk/shared/ui/status-chip';
import { isWorking, kindLabel } from '../model/key-labels';

const statusLook: Record<ApiKey['status'], { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  expiring: { label: 'Expiring', tone: 'warning' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'error' },
};

/**
 * A key reads as one word, never wrapped mid-prefix: on one line, its prefix always whole on a
 * desk; what does not fit the column (a phone's narrower one, or the long tail of a publishable
 * key) is cut with an ellipsis, and the whole key is the cell's title.
 */
const keyCell = {
  fontFamily: 'monospace',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: { xs: '9rem', md: '15rem' },
} as const;

const columns: DataColumn<ApiKey>[] = [
  { key: 'name', header: 'Name', cell: (key) => key.name },
  { key: 'kind', header: 'Kind', cell: (key) => kindLabel(key.kind) },
  {
    key: 'key',
    header: 'Key',
    sx: keyCell,
    title: (key) => key.publishable_key ?? key.prefix,
    cell: (key) => key.publishable_key ?? `${key.prefix}…`,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (key) => (
      <>
        <StatusChip label={statusLook[key.status].label} tone={statusLook[key.status].tone} />
        {key.status === 'expiring' && key.expires_at ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            until {formatDateTime(key.expires_at)}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'created-by', header: 'Created by', cell: (key) => key.created_by ?? 'Configuration' },
  { key: 'created', header: 'Created', nowrap: true, cell: (key) => formatDateTime(key.created_at) },
  { key: 'last-used', header: 'Last used', nowrap: true, cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : 'Never') },
];

interface Props {
  rows: readonly ApiKey[];
  canManage: boolean;
  onRoll: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}

/** KEY-04, KEY-12: the keys by their prefix (a publishable key whole), status, creator, times. */
export function ApiKeysTable({ rows, canManage, onRoll, onRevoke }: Props) {
  const actions: DataColumn<ApiKey> = {
    key: 'actions',
    header: 'Actions',
    cell: (key) =>
      isWorking(key) ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" variant="outlined" onClick={() => onRoll(key)} aria-label={`Roll ${key.prefix}`}>
            Roll
          </Button>
          <Button size="small" color="error" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.prefix}`}>
            Revoke
          </Button>
        </Box>
      ) : null,
  };
  return (
    <DataTable
      label="API keys"
      columns={canManage ? [...columns, actions] : columns}
      rows={rows}
      rowKey={(key) => key.id}
      rowTestId="api-key-row"
      emptyText="No API keys yet"
    />
  );
}
