import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';

/** The Developers area's two lists. */
export function DevelopersTabs({ current }: { current: 'webhooks' | 'events' }) {
  return (
    <Tabs value={current} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }} aria-label="Developers">
      <Tab value="webhooks" label="Webhooks" component={Link} to={controlPaths.developers} />
      <Tab value="events" label="Events" component={Link} to={controlPaths.webhookEvents} />
    </Tabs>
  );
}
