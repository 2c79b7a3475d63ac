import type { ApiRequestEntry } from '@paydesk/shared/schemas/api-keys';
import { formatDateTime } from '@paydesk/shared/format';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';

const statusColor = (status: number) => (status >= 500 ? 'error.main' : status >= 400 ? 'warning.main' : 'success.main');

const columns: DataColumn<ApiRequestEntry>[] = [
  { key: 'time', header: 'Time', nowrap: true, cell: (r) => formatDateTime(r.created_at) },
  { key: 'key', header: 'Key', sx: { fontFamily: 'monospace' }, cell: (r) => `${r.key_prefix}…` },
  { key: 'method', header: 'Method', cell: (r) => r.method },
  { key: 'path', header: 'Path', sx: { fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 160 }, cell: (r) => r.path },
  { key: 'status', header: 'Status', sxOf: (r) => ({ color: statusColor(r.status), fontWeight: 600 }), cell: (r) => r.status },
  { key: 'latency', header: 'Latency', nowrap: true, cell: (r) => `${r.latency_ms} ms` },
  { key: 'idempotency-key', header: 'Idempotency-Key', sx: { wordBreak: 'break-all' }, cell: (r) => r.idempotency_key ?? '—' },
];

/** KEY-10's requests: time, key, method, path, status coloured by class, latency, idempotency key. */
export function RequestLogTable({ rows }: { rows: readonly ApiRequestEntry[] }) {
  return (
    <DataTable
      label="Request log"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowTestId="api-request-row"
      emptyText="No requests found matching your criteria"
    />
  );
}
