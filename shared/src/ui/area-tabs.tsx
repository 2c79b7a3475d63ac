import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';

export interface AreaTab {
  key: string;
  label: string;
  /** The page's own address: each tab is a link. */
  to: string;
}

/**
 * An area's pages as MUI's navigation tabs (scrolling at phone width), each a link to its own
 * address, the current one marked as the page (docs/decisions/mui-contexts-shared-by-path.md).
 */
export function AreaTabs({ label, tabs, current }: { label: string; tabs: readonly AreaTab[]; current: string }) {
  return (
    <Box component="nav" aria-label={label} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} aria-label={label} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            component={Link}
            to={tab.to}
            aria-current={tab.key === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
