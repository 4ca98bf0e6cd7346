/**
 * The asset's actions (its transition table, `GET product-tracking/{id}/actions`), each in the action
 * dialog: why (optional), and for "Rent out" the subscription the unit goes to.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import {
  ASSET_ACTION_LABELS,
  type AssetAction,
  type ProductTrackingAction,
  type ProductTrackingDetail,
} from '@rentloop/domain/product-tracking';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { statusLabel } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useRunAssetAction } from './hooks.ts';
import { assetsIds } from './testids.ts';

/** Actions that take the unit out of the fleet or report a loss: red buttons. */
const DESTRUCTIVE: readonly AssetAction[] = ['mark_stolen', 'remove', 'mark_broken'];

const schemaFor = (action: AssetAction) =>
  z.object({
    reason: z.string().transform((v) => (v.trim() === '' ? null : v.trim())),
    subscription_id: z.string().transform((v, ctx) => {
      if (action !== 'rent_out') return null;
      const n = Number(v.trim());
      if (v.trim() === '' || !Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.required });
        return z.NEVER;
      }
      return n;
    }),
  });

export function useAssetActionDialog() {
  const openAssetAction = useActionDialog((asset: ProductTrackingDetail, action: AssetAction, to: string) => {
    const schema = schemaFor(action);
    return {
      title: ASSET_ACTION_LABELS[action],
      intro: `${asset.serial_number}: ${statusLabel(asset.status)} → ${statusLabel(to)}.`,
      schema,
      defaults: { reason: '', subscription_id: '' },
      useAction: useRunAssetAction,
      id: asset.id,
      payload: (v: z.output<typeof schema>): ProductTrackingAction => ({
        action,
        reason: v.reason,
        ...(action === 'rent_out' ? { subscription_id: v.subscription_id } : {}),
      }),
      confirmLabel: ASSET_ACTION_LABELS[action],
      color: DESTRUCTIVE.includes(action) ? ('error' as const) : ('primary' as const),
      saved: MESSAGES.assetStatusChanged,
      failed: MESSAGES.assetStatusChangeFailed,
      maxWidth: 'xs' as const,
      testIds: {
        dialog: assetsIds.actionDialog,
        confirm: assetsIds.actionConfirm,
        cancel: assetsIds.actionCancel,
      },
      fields: (control) => (
        <>
          {action === 'rent_out' && (
            <FormTextField
              control={control}
              name="subscription_id"
              label="Subscription ID"
              required
              autoFocus
              helperText="The subscription the unit goes out to"
              slotProps={{
                htmlInput: { 'data-testid': assetsIds.field('subscription_id'), inputMode: 'numeric' },
              }}
            />
          )}
          <FormTextField
            control={control}
            name="reason"
            label="Reason"
            multiline
            minRows={2}
            autoFocus={action !== 'rent_out'}
            helperText="Kept in the asset's history"
            slotProps={{ htmlInput: { 'data-testid': assetsIds.field('reason'), maxLength: 2000 } }}
          />
        </>
      ),
    };
  });
  return { openAssetAction };
}
