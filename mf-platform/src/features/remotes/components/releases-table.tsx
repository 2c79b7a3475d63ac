import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatDateTime } from '@paydesk/shared/format';
import type { ReleaseWithHealth } from '@paydesk/shared/schemas/platform';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { healthText } from '../model/health';
import { isPreviewable, isPromotable, statusLook } from '../model/release-status';

const columns: DataColumn<ReleaseWithHealth>[] = [
  { key: 'version', header: 'Version', nowrap: true, cell: (release) => release.version },
  {
    key: 'status',
    header: 'Status',
    nowrap: true,
    cell: (release) => {
      const look = statusLook(release);
      return <StatusChip label={look.label} tone={look.tone} />;
    },
  },
  { key: 'released-by', header: 'Released by', cell: (release) => release.released_by ?? 'Deploy token' },
  { key: 'released', header: 'Released', nowrap: true, cell: (release) => formatDateTime(release.released_at) },
  {
    key: 'reason',
    header: 'Reason',
    // A refusal names a module or a version: long words that must wrap inside the column.
    sx: { minWidth: 200, maxWidth: 360, overflowWrap: 'anywhere' },
    cell: (release) => release.reason ?? '—',
  },
  { key: 'hour', header: 'Last hour', cell: (release) => healthText(release.health.hour) },
  { key: 'day', header: 'Last 24 hours', cell: (release) => healthText(release.health.day) },
];

interface Props {
  rows: readonly ReleaseWithHealth[];
  onPromote: (release: ReleaseWithHealth) => void;
  onPreview: (release: ReleaseWithHealth) => void;
  /** The version whose preview is being started: its button waits, and no other starts. */
  previewing: string | null;
}

/** A remote's releases, newest first: the gate's verdict, who released them, how they loaded, and what may be done with each. */
export function ReleasesTable({ rows, onPromote, onPreview, previewing }: Props) {
  const actions: DataColumn<ReleaseWithHealth> = {
    key: 'actions',
    header: 'Actions',
    cell: (release) => (
      <Box sx={{ display: 'flex', gap: 1 }}>
        {isPromotable(release) ? (
          <Button size="small" variant="outlined" onClick={() => onPromote(release)} aria-label={`Promote ${release.version}`}>
            Promote
          </Button>
        ) : null}
        {isPreviewable(release) ? (
          <Button size="small" onClick={() => onPreview(release)} disabled={previewing !== null} aria-label={`Preview ${release.version}`}>
            {previewing === release.version ? 'Opening...' : 'Preview'}
          </Button>
        ) : null}
      </Box>
    ),
  };
  return (
    <DataTable
      label="Releases"
      columns={[...columns, actions]}
      rows={rows}
      rowKey={(release) => release.version}
      rowTestId="release-row"
      emptyText="No release yet"
    />
  );
}
