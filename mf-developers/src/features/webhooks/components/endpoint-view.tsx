import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useEndpoint } from '../api/endpoints-api';
import { DeliveryLog } from './delivery-log';
import { EndpointSettings } from './endpoint-settings';

/** An endpoint's page: its settings, then its delivery log. */
export function EndpointView({ id }: { id: string }) {
  const { isLoading, error, endpoint, data, refetch } = useEndpoint(id);
  return (
    <>
      <PageHeader
        title="Webhook endpoint"
        actions={
          <Button component={Link} to={controlPaths.developers} startIcon={<ArrowBackIcon />}>
            All endpoints
          </Button>
        }
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        data={data ? { endpoint } : undefined}
        isEmpty={(d) => d.endpoint === undefined}
        emptyText="No such endpoint: it may have been deleted"
        errorText="The endpoint could not be loaded."
        onRetry={() => void refetch()}
      >
        {(d) =>
          d.endpoint ? (
            <>
              <EndpointSettings endpoint={d.endpoint} />
              <DeliveryLog endpointId={d.endpoint.id} />
            </>
          ) : null
        }
      </QueryState>
    </>
  );
}
