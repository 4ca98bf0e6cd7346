/** The builder's live totals: the answer of `POST orders/price`, as the server computed it. */

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { OrderPrice } from '@rentloop/domain/order-details';
import type { ReactNode } from 'react';
import { formatAmount } from '../../components/money.ts';
import { formatPercent } from '../../components/percent-text.ts';
import { AmountsGrid, type AmountsRow } from '../orders/AmountsGrid.tsx';
import { frequencyLabel, INTERVAL_LABELS, recurringRows } from './cart.ts';
import { builderIds } from './testids.ts';

/** "0", "0.00", "-0.00": a decimal string that is zero (no float arithmetic). */
const isZero = (decimal: string) => /^-?0*(\.0*)?$/.test(decimal);

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }} data-testid={testId}>
      <Typography variant="body2" sx={{ minWidth: 0, fontWeight: strong ? 700 : undefined }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: strong ? 700 : undefined,
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Items (after their discounts), shipping and the total, each net, tax and gross. */
const amountRows = (price: OrderPrice): AmountsRow[] => [
  { key: 'items', label: 'Items', net: price.items_net, tax: price.items_tax, gross: price.items_gross },
  ...(price.shipping
    ? [{ key: 'shipping', label: `Shipping (${price.shipping.name})`, ...price.shipping }]
    : []),
  { key: 'total', label: 'Total', net: price.net, tax: price.tax, gross: price.gross, total: true },
];

export function TotalsPanel({
  price,
  loading,
  problem,
}: {
  /** The last good answer (kept while the next one loads or fails). */
  price: OrderPrice | null;
  loading: boolean;
  /** Why the cart cannot be priced now (a 422's message), shown above the last totals. */
  problem: string | null;
}) {
  const money = (value: string) => formatAmount(value, price?.currency ?? 'USD');
  return (
    <Card variant="outlined" data-testid={builderIds.totals} aria-busy={loading}>
      {loading ? (
        <LinearProgress aria-label="Updating totals" data-testid={builderIds.totalsLoading} />
      ) : (
        <Box sx={{ height: 4 }} />
      )}
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Totals
        </Typography>
        {problem && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid={builderIds.totalsError}>
            {problem}
          </Alert>
        )}
        {!price ? (
          <Typography variant="body2" color="text.secondary">
            Pick a customer and add a product to see the totals.
          </Typography>
        ) : (
          <>
            {price.items.map((item, index) => (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: the server's priced lines, in the cart's order, stateless
                key={`${item.variant_id}-${item.kind}-${index}`}
                data-testid={builderIds.totalLine(index)}
                sx={{ mb: 1 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {item.quantity} × {item.product_name}
                  {item.variant_name ? ` – ${item.variant_name}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {item.kind === 'rental' && item.billing_interval
                    ? `Rent, ${INTERVAL_LABELS[item.billing_interval].toLowerCase()}`
                    : item.kind === 'purchase'
                      ? 'Buy'
                      : 'Consumable'}
                  {' · '}
                  {money(item.unit_price)} each · tax {formatPercent(item.tax_percent)}
                </Typography>
                <Typography variant="caption" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  Net {money(item.net)} · Tax {money(item.tax)} · Gross {money(item.gross)}
                  {isZero(item.discount) ? '' : ` · Discount −${money(item.discount)}`}
                </Typography>
              </Box>
            ))}
            <Divider sx={{ my: 1 }} />
            {(price.voucher_code || !isZero(price.discount)) && (
              <Row
                label={price.voucher_code ? `Discount (${price.voucher_code})` : 'Discount'}
                value={`−${money(price.discount)}`}
                testId={builderIds.discount}
              />
            )}
            <AmountsGrid
              rows={amountRows(price)}
              label="Order totals"
              format={money}
              cellTestId={builderIds.amount}
            />
            {price.prices_include_tax && (
              <Typography variant="caption" color="text.secondary" component="div">
                Prices include tax: the tax is taken out of them.
              </Typography>
            )}
            {price.tax_breakdown.map((rate, index) => (
              <Row
                key={rate.tax_percent}
                label={`Tax ${formatPercent(rate.tax_percent)} on ${money(rate.net)}`}
                value={money(rate.tax)}
                testId={builderIds.taxRate(index)}
              />
            ))}
            <Divider sx={{ my: 1 }} />
            <Row label="Due now" value={money(price.total)} testId={builderIds.total} strong />
            {price.recurring.flatMap((period, index) =>
              recurringRows(period, price.voucher_code).map((row) => (
                <Row
                  key={`${period.billing_interval}-${row.covered}`}
                  label={row.label}
                  value={`${money(row.gross)} / ${frequencyLabel(period.frequency, period.interval)}`}
                  testId={row.covered ? builderIds.recurringCovered(index) : builderIds.recurring(index)}
                />
              )),
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
