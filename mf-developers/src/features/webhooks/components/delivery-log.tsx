import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { notify } from '@paydesk/shared/ui/notify';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetAttemptsQuery, useResendEventMutation } from '../api/deliveries-api';
import { reportFailure } from '../../../lib/report-failure';
import { useCanManage } from '../../../lib/use-can-manage';
import { AttemptRow, attemptColumns } from './attempt-row';
import { TableRegion } from '@paydesk/shared/ui/table-region';
import { ListPaginationBar, useListPaging } from '../../../components/list-paging';

/** DEV-06: an endpoint's delivery attempts, newest first (the server's order), with Resend per event. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const paging = useListPaging();
  const { page, limit } = paging;
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
              <TableRegion label="Delivery attempts">
                <Table size="small" aria-label="Delivery attempts">
                  <TableHead>
                    <TableRow>
                      {attemptColumns.map((c, i) => (
                        <TableCell key={i}>{c}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {p.data.map((a) => (
                      <AttemptRow
                        key={a.id}
                        attempt={a}
                        resending={resending}
                        onResend={canManage ? () => void resendEvent(a.event_id) : undefined}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableRegion>
              <ListPaginationBar envelope={p} paging={paging} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
