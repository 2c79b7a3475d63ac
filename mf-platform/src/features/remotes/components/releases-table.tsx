import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import type { ReleaseWithHealth } from '@paydesk/shared/schemas/platform';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { StatusChip } from '@paydesk/shared/ui/status-chip';
import { healthText } from '../model/health';
import { isPreviewable, isPromotable, statusLook } from '../model/release-status';

/** A cell's second line, smaller and quieter: who released it, why the gate refused it. */
const secondLine = { display: 'block', color: 'text.secondary' } as const;

const columns: DataColumn<ReleaseWithHealth>[] = [
  { key: 'version', header: 'Version', nowrap: true, cell: (release) => release.version },
  {
    key: 'status',
    header: 'Status',
    // A refusal names a module or a version: long words that wrap inside the column.
    sx: { minWidth: 220, maxWidth: 360, overflowWrap: 'anywhere' },
    cell: (release) => {
      const look = statusLook(release);
      return (
        <>
          <StatusChip label={look.label} tone={look.tone} />
          {release.reason ? (
            <Typography variant="caption" sx={{ ...secondLine, mt: 0.5 }}>
              {release.reason}
            </Typography>
          ) : null}
        </>
      );
    },
  },
  {
    key: 'released',
    header: 'Released',
    nowrap: true,
    cell: (release) => (
      <>
        {formatDateTime(release.released_at)}
        <Typography variant="caption" sx={secondLine}>
          by {release.released_by ?? 'a deploy token'}
        </Typography>
      </>
    ),
  },
  {
    key: 'reports',
    header: 'Loads and failures',
    nowrap: true,
    cell: (release) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          1 h: {healthText(release.health.hour)}
        </Box>
        <Box component="span" sx={{ display: 'block' }}>
          24 h: {healthText(release.health.day)}
        </Box>
      </>
    ),
  },
];

interface Props {
  rows: readonly ReleaseWithHealth[];
  onPromote: (release: ReleaseWithHealth) => void;
  onPreview: (release: ReleaseWithHealth) => void;
  /** The version whose preview is being started: its button waits, and no other starts. */
  previewing: string | null;
}

/** A remote's releases, newest first: the gate's verdict and why, who released them and when, how they loaded, and what may be done with each. */
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
