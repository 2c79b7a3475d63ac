import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { readApiError } from '@paydesk/shared/api/api-error';
import { formatDateTime } from '@paydesk/shared/format';
import type { Passkey } from '@paydesk/shared/schemas/passkeys';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { PasswordDialog, type PasswordAnswer } from '../../components/password-dialog';
import {
  useAddPasskeyMutation,
  usePasskeyOptionsMutation,
  usePasskeysQuery,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '../../lib/auth-api';
import { createPasskey, passkeysUsable } from '../../lib/passkey-prompt';

const FALLBACK = 'Something went wrong. Please try again.';
const messageOf = (error: unknown): string => readApiError(error).message ?? FALLBACK;

type Asking = { what: 'add' } | { what: 'rename'; passkey: Passkey } | { what: 'remove'; passkey: Passkey } | null;

const NAME_MAX = 64;

/** What a row says of a passkey: when it was added and last used. */
const usedText = (passkey: Passkey): string =>
  `Added ${formatDateTime(passkey.created_at)} · ${passkey.last_used_at ? `Last used ${formatDateTime(passkey.last_used_at)}` : 'Never used'}`;

function NameField({ value, onChange, autoFocus = false }: { value: string; onChange: (value: string) => void; autoFocus?: boolean }) {
  return (
    <TextField
      label="Name"
      name="passkey-name"
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText="So you can tell your passkeys apart, such as Work laptop or Security key"
      slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
    />
  );
}

/**
 * The signed-in user's own passkeys (AUTH-17), beside the two-factor card: each named, with when
 * it was added and last used. Adding and removing one ask for the password again (AUTH-15); the
 * browser's prompt follows the password, and its every ending is said in words.
 */
export function PasskeysSection() {
  const list = usePasskeysQuery(undefined);
  const [options, optionsState] = usePasskeyOptionsMutation();
  const [add, addState] = useAddPasskeyMutation();
  const [rename, renameState] = useRenamePasskeyMutation();
  const [remove, removeState] = useRemovePasskeyMutation();
  const [asking, setAsking] = useState<Asking>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [prompting, setPrompting] = useState(false);
  const usable = passkeysUsable();

  const ask = (next: Asking) => {
    setRefusal(null);
    setName(next?.what === 'rename' ? next.passkey.name : '');
    setAsking(next);
  };

  const addPasskey = async ({ password }: PasswordAnswer) => {
    const label = name.trim();
    if (!label) return setRefusal('Enter a name for the passkey');
    const started = await options({ password });
    if (!('data' in started) || !started.data) return setRefusal(messageOf(started.error));
    setPrompting(true);
    const created = await createPasskey(started.data);
    setPrompting(false);
    if (!created.ok) return setRefusal(created.message);
    const result = await add({ name: label, response: created.response as never });
    if (!('data' in result) || !result.data) return setRefusal(messageOf(result.error));
    setAsking(null);
    notify('success', 'Passkey Added', `You can sign in with “${result.data.name}” now.`);
  };

  const renamePasskey = async (passkey: Passkey) => {
    const result = await rename({ id: passkey.id, name: name.trim() });
    if ('data' in result && result.data) {
      setAsking(null);
      notify('success', 'Passkey Renamed');
    } else setRefusal(messageOf(result.error));
  };

  const removePasskey = async (passkey: Passkey, { password }: PasswordAnswer) => {
    const result = await remove({ id: passkey.id, password });
    if ('error' in result) return setRefusal(messageOf(result.error));
    setAsking(null);
    notify('success', 'Passkey Removed', `“${passkey.name}” no longer signs you in.`);
  };

  const passkeys = list.data ?? [];
  const adding = optionsState.isLoading || prompting || addState.isLoading;
  return (
    <Card component="section" aria-labelledby="passkeys-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="passkeys-title" variant="h6" component="h2">
          Passkeys
        </Typography>
        <Typography color="text.secondary">
          A passkey signs you in with your device&apos;s screen lock or a security key: on its own, or after your password as the second
          step.
        </Typography>
        {list.isLoading && <Typography color="text.secondary">Loading...</Typography>}
        {list.isError && <Typography color="error">{messageOf(list.error)}</Typography>}
        {list.data && passkeys.length === 0 && <Typography data-testid="passkeys-empty">You have no passkeys yet.</Typography>}
        {passkeys.length > 0 && (
          <List aria-label="Your passkeys" disablePadding sx={{ display: 'grid', gap: 1 }}>
            {passkeys.map((passkey) => (
              <ListItem
                key={passkey.id}
                disableGutters
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, alignItems: 'flex-start', gap: 1.5 }}
              >
                <KeyOutlined color="action" sx={{ mt: 0.5 }} aria-hidden />
                <ListItemText
                  primary={passkey.name}
                  secondary={usedText(passkey)}
                  slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                  sx={{ my: 0, minWidth: 0 }}
                />
                <Stack direction="row" sx={{ flexShrink: 0 }}>
                  <Tooltip title="Rename">
                    <IconButton aria-label={`Rename passkey ${passkey.name}`} onClick={() => ask({ what: 'rename', passkey })}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton aria-label={`Remove passkey ${passkey.name}`} onClick={() => ask({ what: 'remove', passkey })}>
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        {usable ? (
          <Box>
            <Button variant="contained" startIcon={<KeyOutlined />} onClick={() => ask({ what: 'add' })}>
              Add a Passkey
            </Button>
          </Box>
        ) : (
          <Typography color="text.secondary">Passkeys cannot be added in this browser or at this address.</Typography>
        )}
      </CardContent>
      {asking?.what === 'add' && (
        <PasswordDialog
          title="Add a Passkey"
          confirmLabel={prompting ? 'Waiting for your passkey...' : adding ? 'Checking...' : 'Continue'}
          busy={adding}
          error={refusal}
          fields={<NameField value={name} onChange={setName} autoFocus />}
          onSubmit={(answer) => void addPasskey(answer)}
          onClose={() => setAsking(null)}
        >
          Name the passkey and enter your password. Your browser then asks you to create the passkey with your screen lock or security key.
        </PasswordDialog>
      )}
      {asking?.what === 'rename' && (
        <FormDialog
          title="Rename Passkey"
          error={refusal}
          submit={{ label: renameState.isLoading ? 'Saving...' : 'Save' }}
          busy={renameState.isLoading}
          onSubmit={() => renamePasskey(asking.passkey)}
          onClose={() => setAsking(null)}
        >
          <NameField value={name} onChange={setName} />
        </FormDialog>
      )}
      {asking?.what === 'remove' && (
        <PasswordDialog
          title="Remove Passkey"
          confirmLabel={removeState.isLoading ? 'Removing...' : 'Remove'}
          submitColor="error"
          busy={removeState.isLoading}
          error={refusal}
          onSubmit={(answer) => void removePasskey(asking.passkey, answer)}
          onClose={() => setAsking(null)}
        >
          {`Enter your password to remove “${asking.passkey.name}”. It will no longer sign you in; the passkey stays on the device until you delete it there.`}
        </PasswordDialog>
      )}
    </Card>
  );
}
