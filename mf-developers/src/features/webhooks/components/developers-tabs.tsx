import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';

const lists = [
  { key: 'webhooks', label: 'Webhooks', to: controlPaths.developers },
  { key: 'events', label: 'Events', to: controlPaths.webhookEvents },
  { key: 'api-keys', label: 'API keys', to: controlPaths.apiKeys },
  { key: 'requests', label: 'Request log', to: controlPaths.apiRequests },
] as const;

/**
 * The Developers area's pages, as links: not MUI's Tabs, a compound component the remotes
 * avoid (docs/decisions/native-selects-in-remotes.md).
 */
export function DevelopersTabs({ current }: { current: (typeof lists)[number]['key'] }) {
  return (
    <Box component="nav" aria-label="Developers" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      {lists.map((list) => (
        <Button key={list.key} component={Link} to={list.to} variant={list.key === current ? 'contained' : 'text'}
          aria-current={list.key === current ? 'page' : undefined}>
          {list.label}
        </Button>
      ))}
    </Box>
  );
}
