import { controlPaths } from '@paydesk/shared/routes';
import { AreaTabs } from '@paydesk/shared/ui/area-tabs';

const lists = [
  { key: 'webhooks', label: 'Webhooks', to: controlPaths.developers },
  { key: 'events', label: 'Events', to: controlPaths.webhookEvents },
  { key: 'api-keys', label: 'API keys', to: controlPaths.apiKeys },
  { key: 'requests', label: 'Request log', to: controlPaths.apiRequests },
] as const;

/** The Developers area's pages, as tabs. */
export function DevelopersTabs({ current }: { current: (typeof lists)[number]['key'] }) {
  return <AreaTabs label="Developers" tabs={lists} current={current} />;
}
