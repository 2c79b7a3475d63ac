import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadText } from '@paydesk/shared/csv';
import { AUDIT_CSV } from '@paydesk/shared/schemas/audit';
import { useDebouncedValue } from '@paydesk/shared/use-debounced-value';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { notify } from '@paydesk/shared/ui/notify';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetAuditEntriesQuery, useLazyExportAuditQuery, type AuditPageSize } from '../api/audit-api';
import { emptyAuditFilter, filterArgs, type AuditFilterForm } from '../model/audit-filter';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

const pageSizes = [
  { value: '25', label: '25 per page' },
  { value: '50', label: '50 per page' },
  { value: '100', label: '100 per page' },
] as const;

/**
 * The Audit Log page (AUD-05, AUD-06): every staff action and security event, newest first,
 * filtered, paged by keyset (Newer / Older: the trail has no page numbers to jump to), and
 * exported as CSV with every entry the filters select.
 */
export function AuditLogView() {
  const [form, setForm] = useState<AuditFilterForm>(emptyAuditFilter);
  const filter = filterArgs(useDebouncedValue(form, 300));
  const [limit, setLimit] = useState<AuditPageSize>(50);
  // The `before` of each page reached so far: the last is the page shown.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const list = useGetAuditEntriesQuery({ ...filter, limit, before }, { refetchOnMountOrArgChange: true });
  const [exportCsv, exporting] = useLazyExportAuditQuery();

  const restart = () => setCursors([undefined]);
  const download = async () => {
    const result = await exportCsv(filter);
    if (result.data === undefined) {
      notify('error', 'Export Failed', 'The audit log could not be exported.');
      return;
    }
    downloadText(AUDIT_CSV, result.data);
    const count = Math.max(0, result.data.split('\r\n').length - 2);
    notify('success', 'Export Complete', `${count} ${count === 1 ? 'entry' : 'entries'} exported to ${AUDIT_CSV}.`);
  };

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every staff action and security event, as it happened"
        actions={
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={exporting.isFetching}>
            Export CSV
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <AuditFilters
            value={form}
            onChange={(next) => {
              setForm(next);
              restart();
            }}
          />
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(page) => page.data.length === 0}
            emptyText="No audit entries match these filters"
            errorText="The audit log could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(page) => (
              <>
                <AuditTable rows={page.data} />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'flex-end', mt: 2 }}>
                  {/* As wide as its longest choice: the theme's fields are full width, this one sits beside two buttons. */}
                  <Box sx={{ flex: '0 0 auto' }} data-testid="audit-rows">
                    <OptionsSelectField
                      label="Rows"
                      value={String(limit)}
                      options={pageSizes}
                      onChange={(value) => {
                        setLimit(Number(value) as AuditPageSize);
                        restart();
                      }}
                    />
                  </Box>
                  {/* Together: on a phone they wrap below the selector as a pair, never one without the other. */}
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button onClick={() => setCursors(cursors.slice(0, -1))} disabled={cursors.length <= 1}>
                      Newer
                    </Button>
                    <Button onClick={() => setCursors([...cursors, page.next_before ?? undefined])} disabled={page.next_before === null}>
                      Older
                    </Button>
                  </Box>
                </Box>
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </>
  );
}
