import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import AddIcon from '@mui/icons-material/Add';
import type { CreatedDeployToken, DeployToken } from '@paydesk/shared/schemas/platform';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { PlatformTabs } from '../../../components/platform-tabs';
import { useGetDeployTokensQuery } from '../api/deploy-tokens-api';
import { CreateTokenDialog } from './create-token-dialog';
import { DeployTokensTable } from './deploy-tokens-table';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { TokenShownDialog } from './token-shown-dialog';

/** The deploy tokens page: every token, Create token (shown once), Revoke. `remoteNames`: the choices of Create token. */
export function DeployTokensView({ remoteNames }: { remoteNames: readonly string[] }) {
  const list = useGetDeployTokensQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<DeployToken | null>(null);
  const [shown, setShown] = useState<CreatedDeployToken | null>(null);

  return (
    <>
      <PageHeader
        title="Platform"
        subtitle="The tokens a team's CI releases its remote with"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create token
          </Button>
        }
      />
      <PlatformTabs current="deploy-tokens" />
      <Card variant="outlined">
        <CardContent>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(rows) => rows.length === 0}
            emptyText="No deploy tokens yet"
            errorText="The deploy tokens could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(rows) => <DeployTokensTable rows={rows} onRevoke={setRevoking} />}
          </QueryState>
        </CardContent>
      </Card>
      {creating ? (
        <CreateTokenDialog
          remoteNames={remoteNames}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown(created);
          }}
        />
      ) : null}
      {revoking ? <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} /> : null}
      {shown ? <TokenShownDialog created={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
