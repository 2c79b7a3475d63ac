import { renderStandalone } from '@paydesk/shared/ui/standalone';
import DeployTokensPage from './pages/deploy-tokens-page';
import PlatformPage from './pages/platform-page';
import RemotePage from './pages/remote-page';

renderStandalone([
  { path: '/control/platform', element: <PlatformPage /> },
  { path: '/control/platform/remotes/:name', element: <RemotePage /> },
  { path: '/control/platform/deploy-tokens', element: <DeployTokensPage /> },
]);
