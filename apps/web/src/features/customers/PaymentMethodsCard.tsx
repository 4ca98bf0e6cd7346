/**
 * The "Payment methods" card of the customer page: the methods stored for the customer at Stripe or
 * Mollie (the provider's label, never a card number), the default first; Add and Remove open the
 * action dialogs (payment-method-actions.tsx).
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../utils/dates.ts';
import {
  METHOD_GATEWAYS,
  useAddPaymentMethodDialog,
  useRemovePaymentMethodDialog,
} from './payment-method-actions.tsx';
import { usePaymentMethods } from './payment-method-hooks.ts';
import { paymentMethodIds } from './testids.ts';

const gatewayName = (gateway: string) => METHOD_GATEWAYS[gateway as keyof typeof METHOD_GATEWAYS] ?? gateway;

export function PaymentMethodsCard({ customerId }: { customerId: number }) {
  const methods = usePaymentMethods(customerId);
  const { openAddMethod } = useAddPaymentMethodDialog();
  const { openRemoveMethod } = useRemovePaymentMethodDialog();
  const rows = methods.data ?? [];

  return (
    <Card data-testid={paymentMethodIds.card} sx={{ gridColumn: { lg: 'span 2' } }}>
      <CardHeader
        title="Payment methods"
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <Button
            startIcon={<Add />}
            onClick={() => openAddMethod(customerId, (rows[0]?.gateway as 'stripe' | 'mollie') ?? 'stripe')}
            data-testid={paymentMethodIds.add}
          >
            Add
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {methods.isPending ? (
          <Stack spacing={1}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : methods.isError ? (
          <Alert severity="error">{methods.error.message}</Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" data-testid={paymentMethodIds.empty}>
            No payment method stored. Charges through Stripe or Mollie need one.
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((m) => (
              <Box
                component="li"
                key={m.id}
                data-testid={paymentMethodIds.row(m.id)}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Typography sx={{ fontWeight: 500 }}>{m.label}</Typography>
                    {m.is_default && <Chip size="small" color="primary" variant="outlined" label="Default" />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {gatewayName(m.gateway)} · {m.method_reference} · added {formatDate(m.created_at)}
                  </Typography>
                </Box>
                <Tooltip title="Remove">
                  <IconButton
                    aria-label={`Remove ${m.label}`}
                    onClick={() => openRemoveMethod(m)}
                    data-testid={paymentMethodIds.remove(m.id)}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
