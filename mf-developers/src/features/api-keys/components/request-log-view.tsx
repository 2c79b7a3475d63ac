import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { ApiRequestEntry } from '@paydesk/shared/schemas/api-keys';
import { formatDateTime } from '@paydesk/shared/format';
import { useDebouncedValue } from '@paydesk/shared/use-debounced-value';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { DevelopersTabs } from '../../../components/developers-tabs';
import { useGetApiKeysQuery, useGetApiRequestsQuery } from '../api/api-keys-api';
import { parseStatusClass, statusClassOptions } from '../model/key-labels';
import { TableRegion } from '@paydesk/shared/ui/table-region';
import { ListPaginationBar, useListPaging } from '../../../components/list-paging';

const columns = ['Time', 'Key', 'Method', 'Path', 'Status', 'Latency', 'Idempotency-Key'] as const;
const statusColor = (status: number) => (status >= 500 ? 'error.main' : status >= 400 ? 'warning.main' : 'success.main');

function RequestsTable({ rows }: { rows: readonly ApiRequestEntry[] }) {
  return (
    <TableRegion label="Request log">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover data-testid="api-request-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{`${r.key_prefix}…`}</TableCell>
              <TableCell>{r.method}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 160 }}>{r.path}</TableCell>
              <TableCell sx={{ color: statusColor(r.status), fontWeight: 600 }}>{r.status}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${r.latency_ms} ms`}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{r.idempotency_key ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

/** The Request log page (KEY-10): the merchant API's requests, by key, status class and path, paged. */
export function RequestLogView() {
  const keys = useGetApiKeysQuery();
  const [keyId, setKeyId] = useState<string>('all');
  const [statusClass, setStatusClass] = useState(parseStatusClass('all'));
  const [path, setPath] = useState('');
  const paging = useListPaging();
  const { page, limit, setPage } = paging;
  const settledPath = useDebouncedValue(path, 300);
  const list = useGetApiRequestsQuery({ page, limit, keyId, statusClass, path: settledPath }, { refetchOnMountOrArgChange: true });
  const keyOptions = [
    { value: 'all', label: 'All secret keys' },
    ...(keys.data ?? []).filter((k) => k.kind === 'secret').map((k) => ({ value: k.id, label: `${k.name} (${k.prefix}…)` })),
  ];

  return (
    <>
      <PageHeader title="Developers" subtitle="Every request your system made with a secret key, for 7 days" />
      <DevelopersTabs current="requests" />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
            <OptionsSelectField
              label="Key"
              value={keyId}
              options={keyOptions}
              onChange={(value) => {
                setKeyId(value);
                setPage(1);
              }}
            />
            <OptionsSelectField
              label="Status"
              value={statusClass}
              options={statusClassOptions}
              onChange={(value) => {
                setStatusClass(parseStatusClass(value));
                setPage(1);
              }}
            />
            <TextField
              size="small"
              label="Path"
              placeholder="/api/checkout"
              value={path}
              sx={{ flex: '1 1 200px' }}
              onChange={(e) => {
                setPath(e.target.value);
                setPage(1);
              }}
              slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
            />
          </Box>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(p) => p.total === 0}
            emptyText="No requests found matching your criteria"
            errorText="Requests could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(p) => (
              <>
                <RequestsTable rows={p.data} />
                <ListPaginationBar envelope={p} paging={paging} />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </>
  );
}
