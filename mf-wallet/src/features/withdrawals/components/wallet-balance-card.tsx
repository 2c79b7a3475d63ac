import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { formatMoney } from '@paydesk/shared/format';
import type { WalletBalance } from '@paydesk/shared/schemas/wallet';

interface Props {
  balance: WalletBalance | undefined;
  onNewWithdrawal: () => void;
}

/** WAL-02: Available Balance, 'Ready for withdrawal' and New Withdrawal; pending beside it. */
export function WalletBalanceCard({ balance, onNewWithdrawal }: Props) {
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h6" component="h2">
            Wallet Balance
          </Typography>
          <Typography color="text.secondary">Available Balance</Typography>
          <Typography variant="h4" component="p" data-testid="available-balance">
            {balance ? formatMoney(balance.available_balance) : '—'}
          </Typography>
          <Typography variant="body2" color="success.main">
            Ready for withdrawal
          </Typography>
          {balance ? (
            <Typography variant="body2" color="text.secondary" data-testid="pending-balance">
              Pending: {formatMoney(balance.pending)} · Total: {formatMoney(balance.total)}
            </Typography>
          ) : null}
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNewWithdrawal} disabled={!balance}>
          New Withdrawal
        </Button>
      </CardContent>
    </Card>
  );
}
