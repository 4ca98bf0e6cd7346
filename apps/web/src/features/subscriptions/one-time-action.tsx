/**
 * The One-time payment action of a subscription's and an order's page (`POST one-time-payments`, spec 01
 * §3, §7), an `ActionDialog` like Buyout and Refund: an amount (net or gross as the order's prices were) at
 * the subscription's tax rate (from an order's page: its first item's), billed on an invoice of type "one time payment" of the subscription's order and
 * charged on the order's payment method. The message is the invoice line's text.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OneTimePaymentResult } from '@rentloop/domain/one-time-payments';
import type { Subscription } from '@rentloop/domain/subscriptions';
import type { Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { readAmount } from '../../components/money-input.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { newKey } from '../customers/payment-method-hooks.ts';
import { invoiceTitle } from '../invoices/invoice-format.ts';
import { type OneTimePaymentRequest, useChargeOneTimePayment } from './one-time-hooks.ts';
import { oneTimeIds } from './testids.ts';

function oneTimeSchema(currency: string) {
  return z.object({
    amount: z.string().refine((v) => typeof readAmount(v, currency) === 'string', MESSAGES.amountInvalid),
    message: z.string().trim().min(1, MESSAGES.required).max(200),
  });
}
type Values = z.input<ReturnType<typeof oneTimeSchema>>;

function Outcome({ result }: { result: OneTimePaymentResult }) {
  const { invoice, transaction } = result;
  return (
    <Stack spacing={1} data-testid={oneTimeIds.outcome}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Link component={RouterLink} to={`/cms/invoices/${invoice.id}`} sx={{ fontWeight: 600 }}>
          {invoiceTitle(invoice)}
        </Link>
        <Typography variant="body2">{formatAmount(invoice.gross, invoice.currency)}</Typography>
        <Link component={RouterLink} to={`/cms/transactions/${transaction.id}`}>
          Charge #{transaction.id}
        </Link>
        <StatusChip status={transaction.state} />
      </Box>
    </Stack>
  );
}

/** What a one-time payment is charged on: an order, and the subscription of it when opened from one. */
export interface OneTimeTarget {
  order_id: number;
  order_number: string | null;
  subscription?: Pick<Subscription, 'id' | 'tax_percent'>;
}

export function useOneTimePaymentDialog() {
  const openOneTimePayment = useActionDialog((t: OneTimeTarget, currency: string) => {
    const idempotencyKey = newKey();
    const schema = oneTimeSchema(currency);
    return {
      title: 'One-time payment',
      intro: `Invoices an amount at ${t.subscription ? `the subscription's tax rate (${Number(t.subscription.tax_percent)} %)` : "the tax rate of the order's first item"} on order ${t.order_number ?? t.order_id} and charges it on the order's payment method.`,
      schema,
      defaults: { amount: '', message: '' },
      useAction: useChargeOneTimePayment,
      payload: (v: z.output<typeof schema>): OneTimePaymentRequest => ({
        idempotencyKey,
        order_id: t.order_id,
        ...(t.subscription ? { subscription_id: t.subscription.id } : {}),
        amount: readAmount(v.amount, currency) ?? '',
        message: v.message,
      }),
      confirmLabel: 'Charge',
      saved: MESSAGES.oneTimePaymentCharged,
      failed: MESSAGES.oneTimePaymentFailed,
      maxWidth: 'xs' as const,
      outcome: (result: { data: OneTimePaymentResult }) => <Outcome result={result.data} />,
      testIds: { dialog: oneTimeIds.dialog, confirm: oneTimeIds.confirm },
      fields: (control: Control<Values, unknown, z.output<typeof schema>>) => (
        <>
          <FormTextField
            control={control}
            name="message"
            label="What for"
            autoFocus
            required
            slotProps={{ htmlInput: { 'data-testid': oneTimeIds.message, maxLength: 200 } }}
          />
          <FormTextField
            control={control}
            name="amount"
            label={`Amount (${currency})`}
            required
            slotProps={{ htmlInput: { 'data-testid': oneTimeIds.amount, inputMode: 'decimal' } }}
          />
        </>
      ),
    };
  });
  return { openOneTimePayment };
}
