import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import { useListState } from '@paydesk/shared/list-state';
import { useSettledText } from '@paydesk/shared/use-settled-text';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { DevelopersTabs } from '../../../components/developers-tabs';
import { useGetApiKeysQuery, useGetApiRequestsQuery } from '../api/api-keys-api';
import { parseStatusClass, statusClassOptions } from '../model/key-labels';
import { MAX_PATH, requestLogFields } from '../model/request-log-filters';
import { RequestLogTable } from './request-log-table';
import { addressPaging, ListPaginationBar } from '../../../components/list-paging';

const PATH_DEBOUNCE_MS = 300;

/** The Request log page (KEY-10): the merchant API's requests, by key, status class and path, paged; the address keeps the filters. */
export function RequestLogView() {
  const keys = useGetApiKeysQuery();
  const [filters, setFilters] = useListState(requestLogFields);
  // Once the keys are known, an id in the address that is no secret key's is read as all keys.
  const known = !keys.data || keys.data.some((k) => k.kind === 'secret' && k.id === filters.keyId);
  const keyId = known ? filters.keyId : 'all';
  const [path, setPath] = useSettledText(filters.path, (text) => setFilters({ path: text }), PATH_DEBOUNCE_MS);
  const list = useGetApiRequestsQuery({ ...filters, keyId }, { refetchOnMountOrArgChange: true });
  const keyOptions = [
    { value: 'all', label: 'All secret keys' },
    ...(keys.data ?? []).filter((k) => k.kind === 'secret').map((k) => ({ value: k.id, label: `${k.name} (${k.prefix}…)` })),
    // The address's key, by its id, until the keys are known.
    ...(keys.data || keyId === 'all' ? [] : [{ value: keyId, label: keyId }]),
  ];

  return (
    <>
      <PageHeader title="Developers" subtitle="Every request your system made with a secret key, for 7 days" />
      <DevelopersTabs current="requests" />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
            <OptionsSelectField label="Key" value={keyId} options={keyOptions} onChange={(value) => setFilters({ keyId: value })} />
            <OptionsSelectField
              label="Status"
              value={filters.statusClass}
              options={statusClassOptions}
              onChange={(value) => setFilters({ statusClass: parseStatusClass(value) })}
            />
            <TextField
              size="small"
              label="Path"
              placeholder="/api/checkout"
              value={path}
              sx={{ flex: '1 1 200px' }}
              onChange={(e) => setPath(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MAX_PATH }, inputLabel: { shrink: true } }}
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
                <RequestLogTable rows={p.data} />
                <ListPaginationBar envelope={p} paging={addressPaging(filters.limit, setFilters)} />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </>
  );
}
