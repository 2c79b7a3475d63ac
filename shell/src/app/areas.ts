import type { Permission } from '@paydesk/shared/roles';
import type { RemoteModule } from '../remotes/remote-module';

/** The back-office areas: where each lives, who may open it, and its menu entry. */
export interface ControlArea {
  path: string;
  remote: RemoteModule;
  permission: Permission;
  /** Menu label (APP-06); absent for pages reached from another page. */
  label?: string;
}

export const controlAreas: readonly ControlArea[] = [
  {
    path: 'dashboard',
    label: 'Dashboard',
    permission: 'dashboard.view',
    remote: { id: 'mf_transactions/DashboardPage', area: 'Dashboard' },
  },
  {
    path: 'transactions',
    label: 'Transactions',
    permission: 'transactions.view',
    remote: { id: 'mf_transactions/TransactionsPage', area: 'Transactions' },
  },
  {
    path: 'transactions/:id',
    permission: 'transactions.view',
    remote: { id: 'mf_transactions/TransactionDetailsPage', area: 'Transactions' },
  },
  { path: 'users', label: 'User Management', permission: 'users.manage', remote: { id: 'mf_users/UsersPage', area: 'User Management' } },
  { path: 'audit', label: 'Audit Log', permission: 'audit.view', remote: { id: 'mf_users/AuditPage', area: 'Audit Log' } },
  { path: 'cards', label: 'Cards', permission: 'cards.view', remote: { id: 'mf_cards/CardsPage', area: 'Cards' } },
  {
    path: 'withdrawals',
    label: 'Withdrawals',
    permission: 'wallet.view',
    remote: { id: 'mf_wallet/WithdrawalsPage', area: 'Withdrawals' },
  },
  {
    path: 'developers',
    label: 'Developers',
    permission: 'developers.manage',
    remote: { id: 'mf_developers/WebhooksPage', area: 'Developers' },
  },
  { path: 'developers/webhooks/:id', permission: 'developers.manage', remote: { id: 'mf_developers/EndpointPage', area: 'Developers' } },
  { path: 'developers/events', permission: 'developers.manage', remote: { id: 'mf_developers/EventsPage', area: 'Developers' } },
  {
    path: 'developers/api-keys',
    label: 'API keys',
    permission: 'developers.manage',
    remote: { id: 'mf_developers/ApiKeysPage', area: 'Developers' },
  },
  { path: 'developers/requests', permission: 'developers.manage', remote: { id: 'mf_developers/RequestLogPage', area: 'Developers' } },
];
