/**
 * An invoice's payment actions, each a hook returning its opener (`ActionDialog`, docs/web.md "Action
 * dialogs"): Charge (`POST invoices/{id}/charge`) and Settle (`POST invoices/{id}/settle {transaction_id}`).
 * The toasts are the spec's (01 §8 "Invoices"): the server's message on success or failure, else
 * "Success. Invoice has been charged" / "Failed to charge payment for invoice" and "Success. Invoice has
 * been settled" / "Failed to settle invoice".
 */
import type { Invoice } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useChargeInvoice, useSettleInvoice } from './hooks.ts';
import { gatewayLabel, invoiceTitle } from './invoice-format.ts';
import { invoicesIds } from './testids.ts';

/**
 * The domain's `invoiceSettleSchema` rule (required, at most 200) with its message, written here: importing
 * `domain/invoices` at run time splits `enums.ts` into a chunk with its schemas, which the customers and
 * subscriptions lists then load (+29 kB gzip, scripts/size-budget.mjs). The API checks with the domain's.
 */
const settleSchema = z.object({ transaction_id: z.string().trim().min(1, MESSAGES.required).max(200) });

type InvoiceRef = Pick<Invoice, 'id' | 'number' | 'gross' | 'currency' | 'gateway' | 'customer'>;

export function useChargeInvoiceDialog() {
  const openCharge = useActionDialog((invoice: InvoiceRef) => ({
    title: `Charge ${invoiceTitle(invoice)}`,
    intro: `${formatAmount(invoice.gross, invoice.currency)} will be charged to ${invoice.customer.name} through ${gatewayLabel(invoice.gateway)}. On the offline gateway the invoice then waits for the money as "pending payment".`,
    useAction: useChargeInvoice,
    id: invoice.id,
    payload: () => ({}),
    confirmLabel: 'Charge',
    saved: MESSAGES.invoiceCharged,
    failed: MESSAGES.invoiceChargeFailed,
    maxWidth: 'xs' as const,
    testIds: { dialog: invoicesIds.chargeDialog, confirm: invoicesIds.confirm },
  }));
  return { openCharge };
}

export function useSettleInvoiceDialog() {
  const openSettle = useActionDialog((invoice: InvoiceRef) => ({
    title: `Settle ${invoiceTitle(invoice)}`,
    intro: `Record that ${formatAmount(invoice.gross, invoice.currency)} arrived another way (a bank transfer, cash). The reference is kept on the payment.`,
    schema: settleSchema,
    defaults: { transaction_id: '' },
    useAction: useSettleInvoice,
    id: invoice.id,
    confirmLabel: 'Settle',
    saved: MESSAGES.invoiceSettled,
    failed: MESSAGES.invoiceSettleFailed,
    maxWidth: 'xs' as const,
    testIds: { dialog: invoicesIds.settleDialog, confirm: invoicesIds.confirm },
    fields: (control) => (
      <FormTextField
        control={control}
        name="transaction_id"
        label="Transaction id"
        helperText="The bank transfer's or receipt's reference."
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': invoicesIds.settleReference, maxLength: 200 } }}
      />
    ),
  }));
  return { openSettle };
}
