import Box from '@mui/material/Box';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { SignedInAs } from '@paydesk/shared/ui/signed-in-as';
import { WalletTabs } from '../components/wallet-tabs';
import { WithdrawalsView } from '../features/withdrawals/components/withdrawals-view';

export default function WithdrawalsPage() {
  return (
    <Box>
      <WalletTabs current="withdrawals" />
      <WithdrawalsView />
      <SignedInAs />
      <BuildTag remote="mf-wallet" build={process.env.PAYDESK_BUILD} />
    </Box>
  );
}
