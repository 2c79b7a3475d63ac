import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatCount, formatMoney } from '@paydesk/shared/format';
import { balanceTransactionTypeLabels, type BalanceSummary } from '@paydesk/shared/schemas/balance';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

type TypeTotals = BalanceSummary['types'][number];

const columns: DataColumn<TypeTotals>[] = [
  { key: 'type', header: 'Type', cell: (t) => balanceTransactionTypeLabels[t.type] },
  { key: 'count', header: 'Count', align: 'right', nowrap: true, cell: (t) => formatCount(t.count) },
  { key: 'amount', header: 'Amount', align: 'right', nowrap: true, hideOnPhone: true, cell: (t) => formatMoney(t.amount) },
  { key: 'fee', header: 'Fee', align: 'right', nowrap: true, hideOnPhone: true, cell: (t) => formatMoney(t.fee) },
  { key: 'net', header: 'Net', align: 'right', nowrap: true, cell: (t) => formatMoney(t.net) },
];

/**
 * BAL-05: what happened to the available balance over the range: the balance at its start, the
 * movements by type, the balance at its end. The closing balance is the ledger's, and is the
 * opening balance plus the movements' net.
 */
export function BalanceSummaryCard({ summary, days }: { summary: BalanceSummary; days: { first: string; last: string } }) {
  const moved = summary.types.filter((t) => t.count > 0);
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Summary, {days.first} to {days.last}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Figure label="Opening balance" value={formatMoney(summary.opening_balance)} testId="opening-balance" />
          <Figure
            label={`Movements (${formatCount(summary.movements.count)})`}
            value={formatMoney(summary.movements.net)}
            testId="movements-net"
          />
          <Figure label="Closing balance" value={formatMoney(summary.closing_balance)} testId="closing-balance" />
        </Box>
        {moved.length === 0 ? (
          <Typography color="text.secondary">No movements in this range</Typography>
        ) : (
          <DataTable label="Movements by type" columns={columns} rows={moved} rowKey={(t) => t.type} hover={false} />
        )}
      </CardContent>
    </Card>
  );
}
