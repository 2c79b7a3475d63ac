import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import { can } from '@paydesk/shared/roles';
import { controlPaths } from '@paydesk/shared/routes';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';

const pages = [
  { key: 'withdrawals', label: 'Withdrawals', to: controlPaths.withdrawals },
  { key: 'balance', label: 'Balance history', to: controlPaths.balanceHistory },
] as const;

/**
 * The Withdrawals area's pages as navigation tabs, each a link to its own address (as the
 * Developers area's). Balance history is for roles with `balance.view`; for others the area is
 * one page and shows no tabs.
 */
export function WalletTabs({ current }: { current: (typeof pages)[number]['key'] }) {
  const user = useAppSelector(selectCurrentUser);
  if (!user || !can(user.role, 'balance.view')) return null;
  return (
    <Box component="nav" aria-label="Withdrawals area" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} aria-label="Withdrawals area" variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {pages.map((page) => (
          <Tab
            key={page.key}
            value={page.key}
            label={page.label}
            component={Link}
            to={page.to}
            aria-current={page.key === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
