/** The builder's smaller cards: an address, the shipping methods, the voucher code. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Address } from '@rentloop/domain/addresses';
import { useEffect, useState } from 'react';
import { addressLines } from '../../components/address-format.ts';
import { formatAmount } from '../../components/money.ts';
import { useShippingOptions } from './hooks.ts';
import { builderIds } from './testids.ts';

type AddressValue = Partial<Record<keyof Address, string | null>> | null;

export function AddressCard({
  title,
  address,
  error,
  testId,
  own = false,
  onEdit,
  onReset,
  editTestId,
  resetTestId,
}: {
  title: string;
  address: AddressValue;
  error?: string;
  testId: string;
  /** The address is this order's own, not the customer's. */
  own?: boolean;
  onEdit?: () => void;
  onReset?: () => void;
  editTestId?: string;
  resetTestId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, alignContent: 'start' }}>
      <Box data-testid={testId}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2">{title}</Typography>
          {own && <Chip size="small" color="info" variant="outlined" label="This order only" />}
        </Box>
        {address ? (
          addressLines(address).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))
        ) : (
          <Typography variant="body2" color="text.secondary">
            No address.
          </Typography>
        )}
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
      </Box>
      {(onEdit || (own && onReset)) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {onEdit && (
            <Button size="small" onClick={onEdit} data-testid={editTestId}>
              {own ? 'Edit' : 'Use another address'}
            </Button>
          )}
          {own && onReset && (
            <Button size="small" onClick={onReset} data-testid={resetTestId}>
              Use the customer’s
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}

export function ShippingCard({
  address,
  productIds,
  cartValue,
  currency,
  value,
  error,
  onChange,
}: {
  address: AddressValue;
  productIds: number[];
  cartValue: string;
  currency: string;
  value: number | null;
  error?: string;
  onChange: (methodId: number | null) => void;
}) {
  const country = address?.country ?? '';
  const { data, error: loadError } = useShippingOptions(
    country && productIds.length
      ? { country, region: address?.region ?? address?.state ?? '', cartValue, productIds }
      : null,
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="order-builder-shipping-title" gutterBottom>
          Shipping
        </Typography>
        {!country || !productIds.length ? (
          <Typography variant="body2" color="text.secondary">
            Pick a customer with a shipping address and add a product to see the shipping methods.
          </Typography>
        ) : loadError ? (
          <Alert severity="error">{loadError.message}</Alert>
        ) : data && !data.shippable ? (
          <Alert severity="info" data-testid={builderIds.shippingMessage}>
            {data.message ?? data.reason ?? 'Nothing ships to this address.'}
          </Alert>
        ) : (
          <RadioGroup
            aria-labelledby="order-builder-shipping-title"
            value={value === null ? 'none' : String(value)}
            onChange={(event) => onChange(event.target.value === 'none' ? null : Number(event.target.value))}
            data-testid={builderIds.shipping}
          >
            <FormControlLabel value="none" control={<Radio />} label="No shipping" />
            {(data?.options ?? []).map((option) => (
              <FormControlLabel
                key={option.method_id}
                value={String(option.method_id)}
                control={<Radio />}
                label={
                  <Box component="span">
                    {option.name}
                    {option.carrier ? ` (${option.carrier})` : ''} –{' '}
                    {option.free ? 'Free' : formatAmount(option.price, currency)}
                    {option.delivery_days_min !== null && option.delivery_days_max !== null
                      ? `, ${option.delivery_days_min}–${option.delivery_days_max} days`
                      : ''}
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        )}
        {error && <FormHelperText error>{error}</FormHelperText>}
      </CardContent>
    </Card>
  );
}

export function VoucherCard({
  applied,
  error,
  onApply,
}: {
  applied: string | null;
  error?: string;
  onApply: (code: string | null) => void;
}) {
  const [text, setText] = useState(applied ?? '');
  useEffect(() => setText(applied ?? ''), [applied]);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Voucher
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
          onSubmit={(event) => {
            event.preventDefault();
            onApply(text.trim() || null);
          }}
        >
          <TextField
            size="small"
            label="Voucher code"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? (applied ? `Applied: ${applied}` : undefined)}
            sx={{ flex: '1 1 200px' }}
            slotProps={{ htmlInput: { 'data-testid': builderIds.voucher } }}
          />
          <Button type="submit" variant="outlined" data-testid={builderIds.voucherApply} sx={{ mt: 0.25 }}>
            Apply
          </Button>
          {applied && (
            <Button onClick={() => onApply(null)} data-testid={builderIds.voucherRemove} sx={{ mt: 0.25 }}>
              Remove
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
