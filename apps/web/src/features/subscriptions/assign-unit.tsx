/**
 * The subscription page's "Give unit" / "Send replacement" (`POST subscriptions/{id}/product-tracking`):
 * the serial number of the unit going out to this subscription, scanned or typed (a scanner types it and
 * presses Enter, which confirms the dialog). For a subscription pending replacement the unit it still
 * holds leaves (written off, or to repair when faulty) and the subscription runs again (decisions 79, 88).
 */
import Button from '@mui/material/Button';
import { MESSAGES } from '@rentloop/domain/messages';
import { type ProductTrackingDetail, serialNumberSchema } from '@rentloop/domain/product-tracking';
import type { SubscriptionDetail } from '@rentloop/domain/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, paths, unwrapAnswer } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { assetsKeys } from '../assets/hooks.ts';
import { ordersKeys } from '../orders/hooks.ts';
import { subscriptionsKeys } from './hooks.ts';
import { assignUnitIds } from './testids.ts';

/** The statuses a subscription may be given a unit in (the API's rule, product-tracking/service.ts). */
const TAKES_A_UNIT = ['active', 'pending activation', 'pending replacement'];

const schema = z.object({
  serial_number: serialNumberSchema,
  reason: z.string().transform((v) => (v.trim() === '' ? null : v.trim())),
});

function useAssignUnit(subscriptionId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.output<typeof schema>) =>
      unwrapAnswer(
        await api.post<ProductTrackingDetail>(
          paths.company(company, `subscriptions/${subscriptionId}/product-tracking`),
          body,
        ),
      ),
    onSuccess: () => {
      // The subscription's status and unit, the units (both, on a replacement) and the order's tag changed.
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
      void queryClient.invalidateQueries({ queryKey: assetsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
}

/**
 * The button, shown while the subscription may be given a unit: with none out to it, or pending a
 * replacement (its unit is the missing one).
 */
/** What becomes of the unit being replaced, by why the subscription waits (decision 88). */
const REPLACED_UNIT = {
  missing: 'The unit it replaces never arrived: it is written off as stolen (recover it if it turns up).',
  damaged: 'The unit it replaces arrived damaged: it is written off as broken.',
  faulty: 'The unit it replaces was reported faulty: it goes to repair.',
} as const;

export function AssignUnitButton({
  subscription,
  holdsUnit,
}: {
  subscription: SubscriptionDetail;
  holdsUnit: boolean;
}) {
  const replacing = subscription.status === 'pending replacement';
  const open = useActionDialog(() => ({
    title: replacing ? 'Send replacement unit' : 'Give unit',
    intro: replacing
      ? `Scan or type the serial number of the replacement. ${REPLACED_UNIT[subscription.replacement_kind ?? 'missing']} The subscription runs again.`
      : 'Scan or type the serial number of the unit going out to this subscription: it is rented out.',
    schema,
    defaults: { serial_number: '', reason: '' },
    useAction: useAssignUnit,
    id: subscription.id,
    payload: (v: z.output<typeof schema>) => v,
    confirmLabel: replacing ? 'Send replacement' : 'Give unit',
    saved: MESSAGES.assetStatusChanged,
    failed: MESSAGES.assetStatusChangeFailed,
    maxWidth: 'xs' as const,
    testIds: { dialog: assignUnitIds.dialog, confirm: assignUnitIds.confirm, cancel: assignUnitIds.cancel },
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="serial_number"
          label="Serial number"
          required
          autoFocus
          slotProps={{
            htmlInput: { 'data-testid': assignUnitIds.serial, maxLength: 100, autoComplete: 'off' },
          }}
        />
        <FormTextField
          control={control}
          name="reason"
          label="Reason"
          multiline
          minRows={2}
          helperText="Kept in the unit's history"
          slotProps={{ htmlInput: { 'data-testid': assignUnitIds.reason, maxLength: 2000 } }}
        />
      </>
    ),
  }));
  if (!TAKES_A_UNIT.includes(subscription.status) || (holdsUnit && !replacing)) return null;
  return (
    <Button
      size="small"
      variant={replacing ? 'contained' : 'outlined'}
      onClick={() => open()}
      data-testid={assignUnitIds.open}
      sx={{ alignSelf: 'flex-start' }}
    >
      {replacing ? 'Send replacement' : 'Give unit'}
    </Button>
  );
}
