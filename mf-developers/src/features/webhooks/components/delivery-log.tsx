import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useListState } from '@paydesk/shared/list-state';
import { DataTable } from '@paydesk/shared/ui/data-table';
import { notify } from '@paydesk/shared/ui/notify';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetAttemptsQuery, useResendEventMutation } from '../api/deliveries-api';
import { reportFailure } from '../../../lib/report-failure';
import { useCanManage } from '../../../lib/use-can-manage';
import { AttemptAnswer, attemptColumns } from './attempt-columns';
import { addressPaging, ListPaginationBar, pagingFields } from '../../../components/list-paging';

/**
 * DEV-06: an endpoint's delivery attempts, newest first (the server's order), with Resend per event.
 * The address keeps its page as `log_page` and `log_limit`, prefixed since the page also shows the
 * endpoint's settings.
 */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [{ page, limit }, setPaging] = useListState(pagingFields, { prefix: 'log_' });
  const list = useGetAttemptsQuery({ endpointId, page, limit });
  const [resend, { isLoading: resending }] = useResendEventMutation();
  const canManage = useCanManage();

  const resendEvent = async (eventId: string) => {
    const result = await resend({ eventId, endpointId });
    if ('error' in result) reportFailure(result.error, 'The event could not be resent');
    else notify('success', 'Event Resent', eventId);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Delivery log
        </Typography>
        <QueryState
          isLoading={list.isLoading}
          error={list.error}
          data={list.data}
          isEmpty={(p) => p.total === 0}
          emptyText="Nothing delivered yet"
          errorText="The delivery log could not be loaded."
          onRetry={() => void list.refetch()}
        >
          {(p) => (
            <>
              <DataTable
                label="Delivery attempts"
                columns={attemptColumns({ resending, onResend: canManage ? (a) => void resendEvent(a.event_id) : undefined })}
                rows={p.data}
                rowKey={(a) => a.id}
                detail={(a) => <AttemptAnswer attempt={a} />}
              />
              <ListPaginationBar envelope={p} paging={addressPaging(limit, setPaging)} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
