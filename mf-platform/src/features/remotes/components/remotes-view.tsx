import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { PlatformTabs } from '../../../components/platform-tabs';
import { useGetRemotesQuery } from '../api/remotes-api';
import { RemotesTable } from './remotes-table';

/** The Platform area's first page: every released remote, its live release and canary, and how they load. */
export function RemotesView() {
  const list = useGetRemotesQuery();
  return (
    <>
      <PageHeader title="Platform" subtitle="The remotes' releases: what is live, the canaries, and how browsers load them" />
      <PlatformTabs current="remotes" />
      <Card variant="outlined">
        <CardContent>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(rows) => rows.length === 0}
            emptyText="No remote is released yet: a team's first release (npm run release) appears here"
            errorText="The remotes could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(rows) => <RemotesTable rows={rows} />}
          </QueryState>
        </CardContent>
      </Card>
    </>
  );
}
