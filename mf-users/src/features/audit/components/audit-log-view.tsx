import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadText } from '@paydesk/shared/csv';
import { AUDIT_CSV, AUDIT_PAGE_SIZES } from '@paydesk/shared/schemas/audit';
import { newerPage, olderPage, useListState } from '@paydesk/shared/list-state';
import { useSettledText } from '@paydesk/shared/use-settled-text';
import { KeysetPager } from '@paydesk/shared/ui/keyset-pager';
import { notify } from '@paydesk/shared/ui/notify';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetAuditEntriesQuery, useLazyExportAuditQuery } from '../api/audit-api';
import { filterArgs } from '../model/audit-filter';
import { auditListFields } from '../model/audit-list';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

const ACTOR_DEBOUNCE_MS = 300;

/**
 * The Audit Log page (AUD-05, AUD-06): every staff action and security event, newest first,
 * filtered, paged by keyset (Newer / Older: the trail has no page numbers to jump to), and
 * exported as CSV with every entry the filters select. The address keeps the filters and the page.
 */
export function AuditLogView() {
  const [state, setState] = useListState(auditListFields);
  const [actor, setActor] = useSettledText(state.actor, (text) => setState({ actor: text }), ACTOR_DEBOUNCE_MS);
  const filter = filterArgs(state);
  const { limit, before } = state;
  const list = useGetAuditEntriesQuery({ ...filter, limit, before }, { refetchOnMountOrArgChange: true });
  const [exportCsv, exporting] = useLazyExportAuditQuery();

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
            value={{ ...state, actor }}
            onChange={({ actor: typed, ...change }) => (typed === undefined ? setState(change) : setActor(typed))}
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
                <KeysetPager
                  limit={limit}
                  sizes={AUDIT_PAGE_SIZES}
                  onLimit={(size) => setState({ limit: size })}
                  onNewer={before === undefined ? undefined : () => setState(newerPage(state))}
                  onOlder={page.next_before === null ? undefined : () => setState(olderPage(state, page.next_before))}
                  testId="audit-rows"
                />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </>
  );
}
