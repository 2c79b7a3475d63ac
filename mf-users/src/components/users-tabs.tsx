import { choiceField, type ListFields } from '@paydesk/shared/list-state';
import { controlPaths } from '@paydesk/shared/routes';
import { AreaTabs } from '@paydesk/shared/ui/area-tabs';

export const userTabs = ['users', 'roles'] as const;
export type UserTab = (typeof userTabs)[number];

/** The tab in the address (`?tab=roles`), as a list keeps its filters: a link or a reload opens the same tab. */
export const userTabFields: ListFields<{ tab: UserTab }> = { tab: choiceField(userTabs, 'users') };

const tabs = [
  { key: 'users', label: 'Users', to: controlPaths.users },
  { key: 'roles', label: 'Roles', to: `${controlPaths.users}?tab=roles` },
] as const;

/** User Management's two lists, as tabs: Users, and Roles for who may manage roles. */
export function UsersTabs({ current }: { current: UserTab }) {
  return <AreaTabs label="User Management" tabs={tabs} current={current} />;
}
