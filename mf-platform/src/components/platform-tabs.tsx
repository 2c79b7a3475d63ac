import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import { platformPaths } from '../lib/paths';

const lists = [
  { key: 'remotes', label: 'Remotes', to: platformPaths.remotes },
  { key: 'deploy-tokens', label: 'Deploy tokens', to: platformPaths.deployTokens },
] as const;

/**
 * The Platform area's two lists: MUI's navigation tabs (scrolling at phone width), each a link to
 * its own address, the current one marked as the page (docs/decisions/mui-contexts-shared-by-path.md).
 */
export function PlatformTabs({ current }: { current: (typeof lists)[number]['key'] }) {
  return (
    <Box component="nav" aria-label="Platform" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} aria-label="Platform" variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
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
