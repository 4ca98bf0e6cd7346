/**
 * The Refund action of an invoice (`POST invoices/{id}/refund`, spec 01 §7, the Refund payload), an
 * `ActionDialog` like Charge and Settle: everything still refundable, an amount (split over the
 * invoice's VAT rates by the server), or units of its lines. After it, the dialog shows the refund
 * invoice and its attempt; the toasts are the spec's "Invoice refunded." / "Failed to refund invoice."
 * (or the gateway's words).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { decimalToMinor, minorToDecimal } from '@rentloop/domain/money';
import { type Control, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { readAmount } from '../../components/money-input.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { newKey } from '../customers/payment-method-hooks.ts';
import { type RefundAnswer, type RefundRequest, useRefundInvoice } from './hooks.ts';
import { invoiceTitle } from './invoice-format.ts';
import { invoicesIds } from './testids.ts';

const MODES = { full: 'Everything still refundable', amount: 'An amount', items: 'Units of lines' } as const;
type Mode = keyof typeof MODES;

/** Whether staff may refund the invoice: it charged, was paid, and not all of it went back. */
export function refundable(invoice: Invoice): boolean {
  const charged =
    Number(invoice.gross) > 0 &&
    !['partial_refund', 'full_refund', 'refund', 'cancellation'].includes(invoice.type);
  return (
    charged && invoice.payment_status === 'settled' && Number(invoice.refunded_amount) < Number(invoice.gross)
  );
}

function refundSchema(invoice: Invoice) {
  return z
    .object({
      mode: z.enum(['full', 'amount', 'items']),
      amount: z.string(),
      units: z.array(z.string()),
      message: z.string().max(2000),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'amount' && !readAmount(v.amount, invoice.currency))
        ctx.addIssue({ code: 'custom', message: MESSAGES.amountInvalid, path: ['amount'] });
      if (v.mode === 'items')
        v.units.forEach((u, i) => {
          const n = u.trim() === '' ? 0 : Number(u);
          if (!Number.isInteger(n) || n < 0 || n > (invoice.lines[i]?.quantity ?? 0))
            ctx.addIssue({
              code: 'custom',
              message: `0 to ${invoice.lines[i]?.quantity ?? 0}.`,
              path: ['units', i],
            });
        });
    });
}
type Values = z.input<ReturnType<typeof refundSchema>>;
type Output = z.output<ReturnType<typeof refundSchema>>;

function RefundFields({ invoice, control }: { invoice: Invoice; control: Control<Values, unknown, Output> }) {
  const mode = useWatch({ control, name: 'mode' });
  return (
    <>
      <FormTextField
        control={control}
        name="mode"
        select
        label="Refund"
        slotProps={{ htmlInput: { 'data-testid': invoicesIds.refundMode } }}
      >
        {Object.entries(MODES).map(([value, label]) => (
          <MenuItem key={value} value={value} data-value={value}>
            {label}
          </MenuItem>
        ))}
      </FormTextField>
      {mode === 'amount' && (
        <FormTextField
          control={control}
          name="amount"
          label={`Amount (${invoice.currency})`}
          helperText="Gross; split over the invoice's VAT rates in proportion."
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': invoicesIds.refundAmount, inputMode: 'decimal' } }}
        />
      )}
      {mode === 'items' &&
        invoice.lines.map((line, i) => (
          <FormTextField
            key={line.position}
            control={control}
            name={`units.${i}`}
            label={`${line.description} (of ${line.quantity})`}
            helperText={`${formatAmount(line.gross, invoice.currency)} for ${line.quantity}`}
            slotProps={{
              htmlInput: { 'data-testid': invoicesIds.refundUnits(line.position), inputMode: 'numeric' },
            }}
          />
        ))}
      <FormTextField
        control={control}
        name="message"
        label="Message (optional)"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': invoicesIds.refundMessage, maxLength: 2000 } }}
      />
    </>
  );
}

function RefundOutcome({ answer }: { answer: RefundAnswer }) {
  return (
    <Stack spacing={1} data-testid={invoicesIds.refundOutcome}>
      {answer.refunds.map(({ invoice, transaction }) => (
        <Box
          key={invoice.id}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Link component={RouterLink} to={`/cms/invoices/${invoice.id}`} sx={{ fontWeight: 600 }}>
            {invoiceTitle(invoice)}
          </Link>
          <Typography variant="body2">{formatAmount(invoice.gross, invoice.currency)}</Typography>
          <Link component={RouterLink} to={`/cms/transactions/${transaction.id}`}>
            Refund #{transaction.id}
          </Link>
          <StatusChip status={transaction.state} />
        </Box>
      ))}
    </Stack>
  );
}

export function useRefundInvoiceDialog() {
  const openRefund = useActionDialog((invoice: Invoice) => {
    const idempotencyKey = newKey();
    const minor = (v: string) => decimalToMinor(v, invoice.currency) ?? 0n;
    const left = minorToDecimal(minor(invoice.gross) - minor(invoice.refunded_amount), invoice.currency);
    return {
      title: `Refund ${invoiceTitle(invoice)}`,
      intro: `Issues a refund invoice and gives the money back through the payment's gateway. Up to ${formatAmount(left, invoice.currency)} can be refunded.`,
      schema: refundSchema(invoice),
      defaults: { mode: 'full' as Mode, amount: '', units: invoice.lines.map(() => ''), message: '' },
      useAction: useRefundInvoice,
      id: invoice.id,
      payload: (v: Values): RefundRequest => ({
        idempotencyKey,
        ...(v.message.trim() ? { message: v.message.trim() } : {}),
        ...(v.mode === 'full'
          ? { full_refund: true }
          : v.mode === 'amount'
            ? { amount: readAmount(v.amount, invoice.currency) ?? '' }
            : {
                items: v.units
                  .map((u, i) => ({
                    position: invoice.lines[i]?.position ?? i + 1,
                    quantity: Number(u || 0),
                  }))
                  .filter((it) => it.quantity > 0),
              }),
      }),
      confirmLabel: 'Refund',
      color: 'error' as const,
      saved: MESSAGES.invoiceRefunded,
      failed: MESSAGES.invoiceRefundFailed,
      outcome: (result: { data: RefundAnswer }) => <RefundOutcome answer={result.data} />,
      testIds: { dialog: invoicesIds.refundDialog, confirm: invoicesIds.confirm },
      fields: (control: Control<Values, unknown, Output>) => (
        <RefundFields invoice={invoice} control={control} />
      ),
    };
  });
  return { openRefund };
}
