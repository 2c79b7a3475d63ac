import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';
import { WalletTabs } from '../components/wallet-tabs';
import { BalanceHistoryView } from '../features/balance-history/components/balance-history-view';

export default function BalanceHistoryPage() {
  return (
    <Box>
      <WalletTabs current="balance" />
      <BalanceHistoryView />
      <SignedInAs />
      <BuildTag remote="mf-wallet" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
