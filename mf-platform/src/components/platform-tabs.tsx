import { AreaTabs } from '@paydesk/shared/ui/area-tabs';
import { platformPaths } from '../lib/paths';

const lists = [
  { key: 'remotes', label: 'Remotes', to: platformPaths.remotes },
  { key: 'deploy-tokens', label: 'Deploy tokens', to: platformPaths.deployTokens },
] as const;

/** The Platform area's two lists, as tabs. */
export function PlatformTabs({ current }: { current: (typeof lists)[number]['key'] }) {
  return <AreaTabs label="Platform" tabs={lists} current={current} />;
}
