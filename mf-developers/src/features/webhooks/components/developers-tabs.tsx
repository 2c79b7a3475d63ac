import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';

const lists = [
  { key: 'webhooks', label: 'Webhooks', to: controlPaths.developers },
  { key: 'events', label: 'Events', to: controlPaths.webhookEvents },
] as const;

/**
 * The Developers area's two lists, as links: not MUI's Tabs, a compound component the remotes
 * avoid (docs/decisions/native-selects-in-remotes.md).
 */
export function DevelopersTabs({ current }: { current: 'webhooks' | 'events' }) {
  return (
    <Box component="nav" aria-label="Developers" sx={{ display: 'flex', gap: 1, mb: 3, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      {lists.map((list) => (
        <Button key={list.key} component={Link} to={list.to} variant={list.key === current ? 'contained' : 'text'}
          aria-current={list.key === current ? 'page' : undefined}>
          {list.label}
        </Button>
      ))}
    </Box>
  );
}
