/** One cart line: product, variant, Rent/Buy, interval and minimum term of a rental, quantity. */
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { BillingInterval } from '@rentloop/domain/enums';
import { useEffect } from 'react';
import { formatAmount } from '../../components/money.ts';
import { availableIntervals, type CartLine, INTERVAL_LABELS, type LineKind, withKind } from './cart.ts';
import { useProduct } from './hooks.ts';
import { builderIds } from './testids.ts';

export function CartLineRow({
  line,
  index,
  currency,
  error,
  onChange,
  onRemove,
}: {
  line: CartLine;
  index: number;
  currency: string;
  /** The server's message for this line (a 422 of the price or the save). */
  error: string | undefined;
  onChange: (line: CartLine) => void;
  onRemove: () => void;
}) {
  const { data: product, error: loadError } = useProduct(line.product_id);
  const intervals = availableIntervals(product?.rental_prices);
  const onlyVariant = product?.variants.length === 1 ? product.variants[0]?.id : undefined;
  // A product with one variant needs no choice.
  useEffect(() => {
    if (line.variant_id === null && onlyVariant !== undefined) onChange({ ...line, variant_id: onlyVariant });
  }, [line, onlyVariant, onChange]);
  const canRent = product?.type !== 'consumable' && intervals.length > 0;
  const canBuy = product?.type !== 'consumable' && Boolean(product?.purchase_price);
  const name = product?.name ?? `Product ${line.product_id}`;
  const price =
    line.kind === 'rental' && line.billing_interval
      ? product?.rental_prices[line.billing_interval]
      : product?.purchase_price;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={builderIds.line(index)}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {price ? formatAmount(price, currency) : ''}
            {price && line.kind === 'rental' && line.billing_interval
              ? ` ${INTERVAL_LABELS[line.billing_interval].toLowerCase()}`
              : ''}
          </Typography>
        </Box>
        <IconButton
          aria-label={`Remove ${name}`}
          onClick={onRemove}
          data-testid={builderIds.lineRemove(index)}
        >
          <DeleteOutlined />
        </IconButton>
      </Box>
      <Box
        sx={{
          mt: 1.5,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label="Variant"
          value={line.variant_id ?? ''}
          onChange={(event) => onChange({ ...line, variant_id: Number(event.target.value) })}
          slotProps={{ htmlInput: { 'data-testid': builderIds.lineVariant(index) } }}
          error={line.variant_id === null}
          helperText={line.variant_id === null ? 'Pick a variant.' : undefined}
        >
          {(product?.variants ?? []).map((variant) => (
            <MenuItem key={variant.id} value={variant.id}>
              {variant.name}
              {variant.sku ? ` (${variant.sku})` : ''}
            </MenuItem>
          ))}
        </TextField>
        {product?.type === 'consumable' ? (
          <Typography variant="body2" sx={{ alignSelf: 'center' }}>
            Consumable
          </Typography>
        ) : (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={line.kind}
            aria-label={`Rent or buy ${name}`}
            onChange={(_, kind: LineKind | null) => {
              if (kind) onChange(withKind(line, kind, product?.rental_prices));
            }}
            data-testid={builderIds.lineKind(index)}
          >
            <ToggleButton value="rental" disabled={!canRent}>
              Rent
            </ToggleButton>
            <ToggleButton value="purchase" disabled={!canBuy}>
              Buy
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        {line.kind === 'rental' && (
          <TextField
            select
            size="small"
            label="Billing interval"
            value={line.billing_interval ?? ''}
            onChange={(event) =>
              onChange({ ...line, billing_interval: event.target.value as BillingInterval })
            }
            slotProps={{ htmlInput: { 'data-testid': builderIds.lineInterval(index) } }}
          >
            {intervals.map((interval) => (
              <MenuItem key={interval} value={interval}>
                {INTERVAL_LABELS[interval]} – {formatAmount(product?.rental_prices[interval], currency)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {line.kind === 'rental' && (
          <TextField
            size="small"
            type="number"
            label="Minimum term (months)"
            value={line.minimum_term_months ?? ''}
            placeholder={product?.minimum_term_months != null ? String(product.minimum_term_months) : ''}
            helperText={
              line.minimum_term_months === null && product?.minimum_term_months != null
                ? `Product default: ${product.minimum_term_months}`
                : undefined
            }
            onChange={(event) => {
              const text = event.target.value.trim();
              const value = Number(text);
              onChange({
                ...line,
                minimum_term_months: text === '' || !Number.isInteger(value) || value < 0 ? null : value,
              });
            }}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: 0, max: 120, 'data-testid': builderIds.lineTerm(index) },
            }}
          />
        )}
        <TextField
          size="small"
          type="number"
          label="Quantity"
          value={line.quantity}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange({ ...line, quantity: Number.isInteger(value) && value >= 1 ? value : 1 });
          }}
          slotProps={{ htmlInput: { min: 1, max: 10000, 'data-testid': builderIds.lineQuantity(index) } }}
        />
      </Box>
      {(error || loadError) && (
        <Typography
          color="error"
          variant="body2"
          role="alert"
          sx={{ mt: 1 }}
          data-testid={builderIds.lineError(index)}
        >
          {error ?? loadError?.message}
        </Typography>
      )}
    </Paper>
  );
}
