import type { Permission } from '@paydesk/shared/roles';
import { publicPageModules, publicPaths } from '@paydesk/shared/routes';
import type { RemoteModule } from '../remotes/remote-page';

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

export const publicPages: readonly { path: string; remote: RemoteModule }[] = [
  { path: publicPaths.payForm, remote: { id: publicPageModules.payForm, area: 'Payment' } },
  { path: publicPaths.checkout, remote: { id: publicPageModules.checkout, area: 'Checkout' } },
  { path: publicPaths.paymentSuccess, remote: { id: publicPageModules.paymentSuccess, area: 'Payment' } },
  { path: publicPaths.paymentPending, remote: { id: publicPageModules.paymentPending, area: 'Payment' } },
  { path: publicPaths.paymentFailure, remote: { id: publicPageModules.paymentFailure, area: 'Payment' } },
  { path: publicPaths.checkoutSuccess, remote: { id: publicPageModules.checkoutSuccess, area: 'Checkout' } },
];
