import Button from '@mui/material/Button';
import { formatDateTime } from '@paydesk/shared/format';
import type { DeployToken } from '@paydesk/shared/schemas/platform';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { isActive, tokenStatusLook } from '../model/token-status';

const columns: DataColumn<DeployToken>[] = [
  { key: 'remote', header: 'Remote', nowrap: true, cell: (token) => token.remote },
  { key: 'prefix', header: 'Token', nowrap: true, sx: { fontFamily: 'monospace' }, cell: (token) => `${token.prefix}…` },
  {
    key: 'status',
    header: 'Status',
    cell: (token) => {
      const look = tokenStatusLook(token);
      return <StatusChip label={look.label} tone={look.tone} />;
    },
  },
  { key: 'created-by', header: 'Created by', cell: (token) => token.created_by ?? '—' },
  { key: 'created', header: 'Created', nowrap: true, cell: (token) => formatDateTime(token.created_at) },
  {
    key: 'last-used',
    header: 'Last used',
    nowrap: true,
    cell: (token) => (token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'),
  },
];

/** Every deploy token by its prefix (the token itself was shown once), with its remote, status and uses. */
export function DeployTokensTable({ rows, onRevoke }: { rows: readonly DeployToken[]; onRevoke: (token: DeployToken) => void }) {
  const actions: DataColumn<DeployToken> = {
    key: 'actions',
    header: 'Actions',
    cell: (token) =>
      isActive(token) ? (
        <Button size="small" color="error" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.prefix}`}>
          Revoke
        </Button>
      ) : null,
  };
  return (
    <DataTable
      label="Deploy tokens"
      columns={[...columns, actions]}
      rows={rows}
      rowKey={(token) => token.id}
      rowTestId="deploy-token-row"
      emptyText="No deploy tokens yet"
    />
  );
}
