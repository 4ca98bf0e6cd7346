/**
 * The asset's "Profit and loss" panel (`GET insights/assets/{id}`, decision 58): what the unit cost,
 * what it brought in, what its repairs cost, how much of its life it spent rented out, when it paid
 * itself back (or how far it is from it) and, once stolen, broken or removed, what was lost. Every
 * figure comes computed from the records; the screen only formats them (the one money formatter).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AssetInsights } from '@rentloop/domain/asset-pnl';
import { DetailField } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { formatDate } from '../../utils/dates.ts';
import { useAssetInsights } from './hooks.ts';
import { assetsIds } from './testids.ts';

const negative = (amount: string) => amount.startsWith('-');

function Payback({ pnl }: { pnl: AssetInsights }) {
  if (pnl.payback_date) return <>Paid back on {formatDate(pnl.payback_date)}</>;
  if (pnl.payback_remaining === null) return <>No purchase cost recorded</>;
  if (pnl.loss !== null) return <>Not paid back</>;
  return <>{formatAmount(pnl.payback_remaining, pnl.currency)} to go</>;
}

function Figures({ pnl }: { pnl: AssetInsights }) {
  const money = (v: string | null) => formatAmount(v, pnl.currency);
  const field = (name: string) => assetsIds.pnlField(name);
  const utilisation = pnl.utilisation === null ? null : Number(pnl.utilisation);
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          Profit so far
        </Typography>
        <Typography
          variant="h5"
          component="div"
          data-testid={field('profit')}
          sx={{ fontWeight: 700, color: negative(pnl.profit) ? 'error.main' : 'success.main' }}
        >
          {money(pnl.profit)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Collected {money(pnl.revenue_collected)} − repairs {money(pnl.repair_costs)} − purchase{' '}
          {pnl.purchase_cost === null ? 'unknown' : money(pnl.purchase_cost)}
        </Typography>
      </Box>
      {pnl.loss !== null && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={field('loss')}>
          Loss written off: {money(pnl.loss)}
          {pnl.left_fleet_on ? ` (left the fleet on ${formatDate(pnl.left_fleet_on)})` : ''}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <DetailField label="Purchase cost" testId={field('purchase_cost')} value={money(pnl.purchase_cost)} />
        <DetailField label="Repair costs" testId={field('repair_costs')} value={money(pnl.repair_costs)} />
        <DetailField
          label="Revenue invoiced"
          testId={field('revenue_invoiced')}
          value={money(pnl.revenue_invoiced)}
        />
        <DetailField
          label="Revenue collected"
          testId={field('revenue_collected')}
          value={money(pnl.revenue_collected)}
        />
        <DetailField label="Payback" testId={field('payback')}>
          <Payback pnl={pnl} />
        </DetailField>
        <DetailField
          label="Days rented out / owned"
          testId={field('days')}
          value={`${pnl.days_rented} / ${pnl.days_owned}`}
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Typography variant="caption" color="text.secondary">
            Utilisation
          </Typography>
          <Typography variant="caption" data-testid={field('utilisation')}>
            {pnl.utilisation === null ? '—' : `${pnl.utilisation} %`}
          </Typography>
        </Box>
        {/* No bar before its first day owned: an empty track reads as a figure. */}
        {utilisation !== null && (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, utilisation)}
            aria-label="Utilisation"
            sx={{ height: 8, borderRadius: 4 }}
          />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
        Net of VAT, in {pnl.currency}, from the invoices of the subscriptions it served (shared by days held).
      </Typography>
    </>
  );
}

export function AssetPnlCard({ assetId }: { assetId: number }) {
  const query = useAssetInsights(assetId);
  return (
    <Card variant="outlined" data-testid={assetsIds.pnl}>
      <CardHeader title="Profit and loss" />
      <CardContent sx={{ pt: 0 }}>
        {query.isError ? (
          <Alert severity="warning">Could not fetch the profit and loss.</Alert>
        ) : query.data ? (
          <Figures pnl={query.data} />
        ) : (
          <Skeleton variant="rounded" height={180} />
        )}
      </CardContent>
    </Card>
  );
}
