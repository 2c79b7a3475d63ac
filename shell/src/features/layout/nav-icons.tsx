import type { ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import WebhookIcon from '@mui/icons-material/Webhook';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import GavelIcon from '@mui/icons-material/Gavel';

import WidgetsIcon from '@mui/icons-material/Widgets';

/** The icons a remote's area may name (`icon` in its areas.json), by Material Symbols name. */
const navIcons: Record<string, ReactNode> = {
  dashboard: <DashboardIcon />,
  receipt_long: <ReceiptLongIcon />,
  people: <PeopleIcon />,
  credit_card: <CreditCardIcon />,
  account_balance_wallet: <AccountBalanceWalletIcon />,
  webhook: <WebhookIcon />,
  vpn_key: <VpnKeyIcon />,
  manage_search: <ManageSearchIcon />,
  rocket_launch: <RocketLaunchIcon />,
  gavel: <GavelIcon />,
};

/** An area's menu icon; one the menu does not have is shown as a generic one. */
export const navIcon = (name: string | undefined): ReactNode => (name && navIcons[name]) || <WidgetsIcon />;
