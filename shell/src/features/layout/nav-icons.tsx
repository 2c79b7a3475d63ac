import type { ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import WebhookIcon from '@mui/icons-material/Webhook';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';

export const navIcons: Record<string, ReactNode> = {
  dashboard: <DashboardIcon />,
  transactions: <ReceiptLongIcon />,
  users: <PeopleIcon />,
  cards: <CreditCardIcon />,
  withdrawals: <AccountBalanceWalletIcon />,
  developers: <WebhookIcon />,
  'developers/api-keys': <VpnKeyIcon />,
  audit: <ManageSearchIcon />,
};
