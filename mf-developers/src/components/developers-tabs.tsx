import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';

const lists = [
  { key: 'webhooks', label: 'Webhooks', to: controlPaths.developers },
  { key: 'events', label: 'Events', to: controlPaths.webhookEvents },
  { key: 'api-keys', label: 'API keys', to: controlPaths.apiKeys },
  { key: 'requests', label: 'Request log', to: controlPaths.apiRequests },
] as const;

/**
 * The Developers area's pages: MUI's navigation tabs (scrolling at phone width), each a link to its own address, the
 * current one marked as the page (docs/decisions/mui-contexts-shared-by-path.md).
 */
export function DevelopersTabs({ current }: { current: (typeof lists)[number]['key'] }) {
  return (
    <Box component="nav" aria-label="Developers" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} aria-label="Developers" variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {lists.map((list) => (
          <Tab
            key={list.key}
            value={list.key}
            label={list.label}
            component={Link}
            to={list.to}
            aria-current={list.key === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
