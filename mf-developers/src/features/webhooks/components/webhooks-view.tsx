import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { notify } from '@paydesk/shared/ui/notify';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useCreateEndpointMutation, useGetEndpointsQuery } from '../api/endpoints-api';
import type { EndpointWithSecret } from '../api/envelopes';
import { blankEndpoint, type EndpointInput } from '../model/endpoint-form';
import { useCanManage } from '../../../lib/use-can-manage';
import { DevelopersTabs } from '../../../components/developers-tabs';
import { EndpointDialog } from './endpoint-dialog';
import { EndpointsTable } from './endpoints-table';
import { SecretDialog } from './secret-dialog';

/** The Webhooks page (DEV-02 to DEV-04): the endpoints, Add endpoint, and the new secret once. */
export function WebhooksView() {
  const list = useGetEndpointsQuery();
  const [create] = useCreateEndpointMutation();
  const canManage = useCanManage();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<EndpointWithSecret | null>(null);

  const save = async (input: EndpointInput) => {
    const request = create(input);
    const result = await request;
    // The secret lives in the dialog alone: the store forgets the answer that carried it (DEV-04).
    request.reset();
    if ('error' in result) return { error: result.error };
    notify('success', 'Endpoint Added', result.data.endpoint.url);
    setAdding(false);
    setCreated(result.data);
    return undefined;
  };

  return (
    <>
      <PageHeader
        title="Developers"
        subtitle="Webhooks tell your system what happened, as it happens"
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add endpoint
            </Button>
          ) : undefined
        }
      />
      <DevelopersTabs current="webhooks" />
      <Card variant="outlined">
        <CardContent>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(rows) => rows.length === 0}
            emptyText="No endpoints yet: add one to receive events"
            errorText="Endpoints could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(rows) => <EndpointsTable rows={rows} />}
          </QueryState>
        </CardContent>
      </Card>
      {adding ? (
        <EndpointDialog
          title="Add endpoint"
          submitLabel="Add endpoint"
          initial={blankEndpoint}
          save={save}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {created ? <SecretDialog secret={created.secret} onClose={() => setCreated(null)} /> : null}
    </>
  );
}
