import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import AddIcon from '@mui/icons-material/Add';
import type { ApiKey, ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { DevelopersTabs } from '../../../components/developers-tabs';
import { useCanManage } from '../../../lib/use-can-manage';
import { useGetApiKeysQuery } from '../api/api-keys-api';
import { ApiKeysTable } from './api-keys-table';
import { CreateKeyDialog } from './create-key-dialog';
import { KeySecretDialog } from './key-secret-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';
import { RollKeyDialog } from './roll-key-dialog';

/** The API keys page (KEY-12): the keys, Create key, Roll, Revoke, and a new key shown once. */
export function ApiKeysView() {
  const list = useGetApiKeysQuery();
  const canManage = useCanManage();
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [shown, setShown] = useState<ApiKeyWithSecret | null>(null);

  return (
    <>
      <PageHeader
        title="Developers"
        subtitle="The keys your system and your payer pages call the API with"
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create key
            </Button>
          ) : undefined
        }
      />
      <DevelopersTabs current="api-keys" />
      <Card variant="outlined">
        <CardContent>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(rows) => rows.length === 0}
            emptyText="No API keys yet"
            errorText="API keys could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(rows) => <ApiKeysTable rows={rows} canManage={canManage} onRoll={setRolling} onRevoke={setRevoking} />}
          </QueryState>
        </CardContent>
      </Card>
      {creating ? (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown(created);
          }}
        />
      ) : null}
      {rolling ? (
        <RollKeyDialog
          apiKey={rolling}
          onClose={() => setRolling(null)}
          onRolled={(rolled) => {
            setRolling(null);
            setShown(rolled);
          }}
        />
      ) : null}
      {revoking ? <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
      {shown ? <KeySecretDialog created={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
