/**
 * The order page's actions, each a hook returning its opener (`ActionDialog`, docs/web.md "Action
 * dialogs"): Cancel (`POST orders/{id}/cancel`), "Swap missing product" (`POST orders/swap`) and "Add
 * tracking number" (`PUT order_items/{id} {action: 'add_tracking_number', tracking_number}`).
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderDetail } from '@rentloop/domain/order-details';
import type { OrderItem } from '@rentloop/domain/orders';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useAddTrackingNumber, useCancelOrder, useSwapItem } from './hooks.ts';
import { CANCEL_REASONS, cancelPayload, NO_REASON, SWAP_REASONS, swapPayload } from './order-format.ts';
import { ordersIds } from './testids.ts';

const cancelSchema = z.object({
  reason: z.string(),
  cancellation_message: z.string().max(2000),
  refunded: z.boolean(),
});

export function useCancelOrderDialog() {
  const openCancelOrder = useActionDialog((order: OrderDetail) => ({
    title: `Cancel order ${order.number ?? order.id}`,
    schema: cancelSchema,
    defaults: { reason: NO_REASON, cancellation_message: '', refunded: false },
    useAction: useCancelOrder,
    id: order.id,
    // The web drops "None" itself (spec 01 §5); the API, which drops it too, gets no reason.
    payload: cancelPayload,
    confirmLabel: 'Cancel order',
    cancelLabel: 'Back',
    color: 'error',
    testIds: {
      dialog: ordersIds.cancelDialog,
      confirm: ordersIds.cancelConfirm,
      cancel: ordersIds.dialogCancel,
    },
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="reason"
          select
          label="Reason"
          slotProps={{ htmlInput: { 'data-testid': ordersIds.cancelReason } }}
        >
          {CANCEL_REASONS.map((r) => (
            <MenuItem key={r} value={r} data-value={r}>
              {r}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="cancellation_message"
          label="Message"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': ordersIds.cancelMessage, maxLength: 2000 } }}
        />
        <Controller
          control={control}
          name="refunded"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'data-testid': ordersIds.cancelRefunded } as object }}
                />
              }
              label="Refunded"
            />
          )}
        />
      </>
    ),
  }));
  return { openCancelOrder };
}

const swapSchema = z.object({ missing_product: z.string(), reason: z.string(), note: z.string().max(2000) });

export function useSwapItemDialog() {
  const openSwapItem = useActionDialog((order: OrderDetail) => {
    const rentals = order.items.filter((i) => i.kind === 'rental');
    return {
      title: 'Swap missing product',
      schema: swapSchema,
      defaults: { missing_product: rentals[0] ? String(rentals[0].id) : '', reason: NO_REASON, note: '' },
      useAction: useSwapItem,
      id: order.id,
      // "None" and an empty note are not sent (spec 01 §5).
      payload: swapPayload,
      confirmLabel: 'Swap',
      cancelLabel: 'Back',
      confirmDisabled: (values) => !values.missing_product,
      testIds: {
        dialog: ordersIds.swapDialog,
        confirm: ordersIds.swapConfirm,
        cancel: ordersIds.dialogCancel,
      },
      fields: (control) => (
        <>
          <FormTextField
            control={control}
            name="missing_product"
            select
            label="Missing product"
            helperText={rentals.length ? undefined : 'The order has no rented items.'}
            slotProps={{ htmlInput: { 'data-testid': ordersIds.swapItem } }}
          >
            {rentals.map((i) => (
              <MenuItem key={i.id} value={String(i.id)}>
                {i.product_name}
                {i.variant_name ? ` – ${i.variant_name}` : ''}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="reason"
            select
            label="Reason"
            slotProps={{ htmlInput: { 'data-testid': ordersIds.swapReason } }}
          >
            {SWAP_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="note"
            label="Note"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': ordersIds.swapNote, maxLength: 2000 } }}
          />
        </>
      ),
    };
  });
  return { openSwapItem };
}

const trackingSchema = z.object({ tracking_number: z.string().max(100) });

export function useTrackingNumberDialog(orderId: number) {
  const openTrackingNumber = useActionDialog((item: OrderItem) => ({
    title: 'Add tracking number',
    intro: `${item.product_name}${item.variant_name ? ` – ${item.variant_name}` : ''}`,
    schema: trackingSchema,
    defaults: { tracking_number: item.tracking_number ?? '' },
    useAction: useAddTrackingNumber,
    id: orderId,
    payload: ({ tracking_number }: z.output<typeof trackingSchema>) => ({ itemId: item.id, tracking_number }),
    confirmLabel: 'Save',
    // The spec's text for a failed tracking update (spec 01 §8); the dialog keeps the server's reason.
    failed: MESSAGES.trackingNumberUpdateFailed,
    preferFailed: true,
    maxWidth: 'xs',
    testIds: {
      dialog: ordersIds.trackingDialog,
      confirm: ordersIds.trackingSave,
      cancel: ordersIds.dialogCancel,
    },
    fields: (control) => (
      <FormTextField
        control={control}
        name="tracking_number"
        label="Tracking number"
        required
        autoFocus
        helperText=" "
        slotProps={{ htmlInput: { 'data-testid': ordersIds.trackingInput, maxLength: 100 } }}
      />
    ),
  }));
  return { openTrackingNumber };
}
