/**
 * A customer's payment-method actions, each a hook returning its opener (`ActionDialog`, docs/web.md
 * "Action dialogs"): Add (the references of a method the customer set up at Stripe or Mollie; the
 * server asks the provider and names it) and Remove (a confirmation).
 */
import MenuItem from '@mui/material/MenuItem';
import { MESSAGES } from '@rentloop/domain/messages';
import type { PaymentMethod } from '@rentloop/domain/payments';
import { type Control, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { newKey, useAddPaymentMethod, useRemovePaymentMethod } from './payment-method-hooks.ts';
import { paymentMethodIds } from './testids.ts';

export const METHOD_GATEWAYS = { stripe: 'Stripe', mollie: 'Mollie' } as const;

/** What each provider calls the two references (the server checks them; these only guide typing). */
const HINTS = {
  stripe: {
    customer: 'The Stripe customer (cus_...).',
    method: 'The PaymentMethod attached to that customer (pm_...).',
  },
  mollie: { customer: 'The Mollie customer (cst_...).', method: 'The customer’s mandate (mdt_...).' },
} as const;

const reference = z.string().trim().min(1, MESSAGES.required).max(200);
// The domain's `paymentMethodInputSchema` rules, written here: the API checks with the domain's.
const addSchema = z.object({
  gateway: z.enum(['stripe', 'mollie']),
  customer_reference: reference,
  method_reference: reference,
  is_default: z.boolean(),
});

type AddValues = z.input<typeof addSchema>;

/** The fields, their hints following the chosen gateway. */
function AddMethodFields({ control }: { control: Control<AddValues, unknown, z.output<typeof addSchema>> }) {
  const gateway = useWatch({ control, name: 'gateway' });
  const hint = HINTS[gateway] ?? HINTS.stripe;
  return (
    <>
      <FormTextField
        control={control}
        name="gateway"
        label="Gateway"
        select
        slotProps={{ htmlInput: { 'data-testid': paymentMethodIds.gateway } }}
      >
        {Object.entries(METHOD_GATEWAYS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="customer_reference"
        label="Customer reference"
        helperText={hint.customer}
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': paymentMethodIds.customerReference, maxLength: 200 } }}
      />
      <FormTextField
        control={control}
        name="method_reference"
        label={gateway === 'mollie' ? 'Mandate reference' : 'Payment method reference'}
        helperText={hint.method}
        slotProps={{ htmlInput: { 'data-testid': paymentMethodIds.methodReference, maxLength: 200 } }}
      />
      <FormSwitchField
        control={control}
        name="is_default"
        label="Charge this method from now on"
        helperText="The default method is the one charges take."
        testId={paymentMethodIds.isDefault}
      />
    </>
  );
}

export function useAddPaymentMethodDialog() {
  const openAddMethod = useActionDialog((customerId: number, gateway: 'stripe' | 'mollie') => {
    const idempotencyKey = newKey();
    return {
      title: 'Add payment method',
      intro:
        'The references of a card or mandate the customer set up at the provider, never a card number. The provider confirms it belongs to that customer; an invoice declined for good is then charged again.',
      schema: addSchema,
      defaults: { gateway, customer_reference: '', method_reference: '', is_default: true },
      useAction: useAddPaymentMethod,
      id: customerId,
      payload: (values: z.output<typeof addSchema>) => ({ ...values, idempotencyKey }),
      confirmLabel: 'Add',
      saved: MESSAGES.paymentMethodAdded,
      failed: MESSAGES.paymentMethodAddFailed,
      testIds: { dialog: paymentMethodIds.addDialog, confirm: paymentMethodIds.confirm },
      fields: (control) => <AddMethodFields control={control} />,
    };
  });
  return { openAddMethod };
}

export function useRemovePaymentMethodDialog() {
  const openRemoveMethod = useActionDialog((method: PaymentMethod) => ({
    title: `Remove ${method.label}?`,
    intro: `Rentloop forgets this ${METHOD_GATEWAYS[method.gateway as keyof typeof METHOD_GATEWAYS] ?? method.gateway} method; the provider keeps it.${method.is_default ? ' The newest method left becomes the default.' : ''}`,
    useAction: useRemovePaymentMethod,
    id: method.customer_id,
    payload: () => method.id,
    confirmLabel: 'Remove',
    color: 'error' as const,
    saved: MESSAGES.paymentMethodRemoved,
    failed: MESSAGES.paymentMethodRemoveFailed,
    maxWidth: 'xs' as const,
    testIds: { dialog: paymentMethodIds.removeDialog, confirm: paymentMethodIds.confirm },
  }));
  return { openRemoveMethod };
}
