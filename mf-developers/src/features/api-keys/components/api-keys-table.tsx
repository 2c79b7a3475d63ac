import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@paydesk/shared/schemas/api-keys';
import { formatDateTime } from '@paydesk/shared/format';
import { isWorking, kindLabel } from '../model/key-labels';
import { TableRegion } from '@paydesk/shared/ui/table-region';

type Color = 'success' | 'error' | 'warning' | 'default';
const statusLook: Record<ApiKey['status'], { label: string; color: Color }> = {
  active: { label: 'Active', color: 'success' },
  expiring: { label: 'Expiring', color: 'warning' },
  expired: { label: 'Expired', color: 'default' },
  revoked: { label: 'Revoked', color: 'error' },
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

interface Props {
  rows: readonly ApiKey[];
  canManage: boolean;
  onRoll: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}

/** KEY-04, KEY-12: the keys by their prefix (a publishable key whole), status, creator, times. */
export function ApiKeysTable({ rows, canManage, onRoll, onRevoke }: Props) {
  const columns = ['Name', 'Kind', 'Key', 'Status', 'Created by', 'Created', 'Last used', ...(canManage ? ['Actions'] : [])];
  return (
    <TableRegion label="API keys">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((key) => (
            <TableRow key={key.id} hover data-testid="api-key-row">
              <TableCell>{key.name}</TableCell>
              <TableCell>{kindLabel(key.kind)}</TableCell>
              <TableCell title={key.publishable_key ?? key.prefix} sx={keyCell}>
                {key.publishable_key ?? `${key.prefix}…`}
              </TableCell>
              <TableCell>
                <Chip size="small" label={statusLook[key.status].label} color={statusLook[key.status].color} />
                {key.status === 'expiring' && key.expires_at ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    until {formatDateTime(key.expires_at)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{key.created_by ?? 'Configuration'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(key.created_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</TableCell>
              {canManage ? (
                <TableCell>
                  {isWorking(key) ? (
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      <Button size="small" variant="outlined" onClick={() => onRoll(key)} aria-label={`Roll ${key.prefix}`}>
                        Roll
                      </Button>
                      <Button size="small" color="error" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.prefix}`}>
                        Revoke
                      </Button>
                    </Box>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
