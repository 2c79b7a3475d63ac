import { Link } from 'react-router-dom';
import { formatDateTime } from '@paydesk/shared/format';
import type { RemoteSummary } from '@paydesk/shared/schemas/platform';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { remotePath } from '../../../lib/paths';
import { canaryText, lastRelease } from '../model/release-status';
import { HealthLines } from './health-lines';

const columns: DataColumn<RemoteSummary>[] = [
  {
    key: 'remote',
    header: 'Remote',
    nowrap: true,
    cell: (remote) => <Link to={remotePath(remote.name)}>{remote.name}</Link>,
  },
  { key: 'live', header: 'Live', nowrap: true, cell: (remote) => remote.live?.version ?? '—' },
  { key: 'canary', header: 'Canary', nowrap: true, cell: (remote) => (remote.canary ? canaryText(remote.canary) : '—') },
  { key: 'hour', header: 'Last hour', nowrap: true, cell: (remote) => <HealthLines remote={remote} period="hour" /> },
  { key: 'day', header: 'Last 24 hours', nowrap: true, cell: (remote) => <HealthLines remote={remote} period="day" /> },
  {
    key: 'released',
    header: 'Last release',
    nowrap: true,
    cell: (remote) => {
      const newest = lastRelease(remote);
      return newest ? formatDateTime(newest.released_at) : '—';
    },
  },
];

/** The released remotes: what is live, the canary and its share, how both load, each name a link to its page. */
export function RemotesTable({ rows }: { rows: readonly RemoteSummary[] }) {
  return (
    <DataTable
      label="Remotes"
      columns={columns}
      rows={rows}
      rowKey={(remote) => remote.name}
      rowTestId="remote-row"
      emptyText="No remote is released yet"
    />
  );
}
