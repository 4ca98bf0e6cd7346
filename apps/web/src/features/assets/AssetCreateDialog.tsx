/** `/cms/assets/create`: a new unit (in stock) over the list; saving opens it. */
import { zodResolver } from '@hookform/resolvers/zod';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { Variant } from '@rentloop/domain/catalog';
import { MESSAGES } from '@rentloop/domain/messages';
import { type ProductTrackingInput, serialNumberSchema } from '@rentloop/domain/product-tracking';
import { useMemo } from 'react';
import { type Resolver, useController } from 'react-hook-form';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormDateField } from '../../components/FormDateField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { amountField } from '../../components/money-input.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { VariantPicker } from '../../components/VariantPicker.tsx';
import { useCreateAsset } from './hooks.ts';
import { assetFormIds, assetsIds } from './testids.ts';

const DATE_HINT = 'A date as YYYY-MM-DD.';
const optionalText = z.string().transform((v) => (v.trim() === '' ? null : v.trim()));

function formSchema(currency: string) {
  return z.object({
    serial_number: serialNumberSchema,
    variant: z.custom<Variant | null>().refine((v) => v != null, MESSAGES.required),
    location: optionalText,
    condition_note: optionalText,
    purchase_date: z
      .string()
      .refine((v) => v.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(v.trim()), DATE_HINT)
      .transform((v) => (v.trim() === '' ? null : v.trim())),
    purchase_cost: amountField(currency),
  });
}
type Values = z.input<ReturnType<typeof formSchema>>;
type Output = z.output<ReturnType<typeof formSchema>>;

const toPayload = (v: Output): ProductTrackingInput => ({
  serial_number: v.serial_number,
  variant_id: v.variant?.id ?? null,
  location: v.location,
  condition_note: v.condition_note,
  purchase_date: v.purchase_date,
  purchase_cost: v.purchase_cost,
});

function CreateForm() {
  const { close } = useRouteDialog();
  const currency = useCompanyCurrency();
  const resolver = useMemo(
    () => zodResolver(formSchema(currency)) as unknown as Resolver<Values, unknown, Output>,
    [currency],
  );
  const form = useAppForm<Values, unknown, Output>({
    resolver,
    defaultValues: {
      serial_number: '',
      variant: null,
      location: '',
      condition_note: '',
      purchase_date: '',
      purchase_cost: '',
    },
  });
  const { control } = form;
  const variant = useController({ control, name: 'variant' });
  const submit = useSubmit(form, useCreateAsset(), {
    payload: toPayload,
    saved: MESSAGES.trackingCreated,
    failed: MESSAGES.trackingCreateFailed,
    onSaved: ({ data }) => close(`/cms/assets/${data.id}`),
  });
  const testId = (name: string) => ({ htmlInput: { 'data-testid': assetFormIds.field(name) } });

  return (
    <DialogForm {...submit} saveLabel="Create asset" testIds={assetFormIds}>
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="serial_number"
          label="Serial number"
          required
          autoFocus
          helperText="As printed on the unit; scanned codes work too"
          slotProps={testId('serial_number')}
        />
        <div>
          <VariantPicker
            value={(variant.field.value as Variant | null) ?? null}
            onChange={(v) => variant.field.onChange(v)}
            label="Variant *"
            testId={assetFormIds.field('variant')}
          />
          {variant.fieldState.error && (
            <FormHelperText error>{variant.fieldState.error.message}</FormHelperText>
          )}
        </div>
        <FormTextField
          control={control}
          name="location"
          label="Location"
          helperText="Warehouse, shelf, van…"
          slotProps={testId('location')}
        />
        <FormDateField
          control={control}
          name="purchase_date"
          label="Purchase date"
          testId={assetFormIds.field('purchase_date')}
        />
        <FormTextField
          control={control}
          name="purchase_cost"
          label={`Purchase cost (${currency})`}
          helperText="What the unit cost: its profit and loss starts here"
          slotProps={testId('purchase_cost')}
        />
        <FormTextField
          control={control}
          name="condition_note"
          label="Condition"
          multiline
          minRows={2}
          slotProps={testId('condition_note')}
        />
      </Stack>
    </DialogForm>
  );
}

export function AssetCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New asset"
      closeTo={`/cms/assets${search}`}
      maxWidth="sm"
      testId={assetsIds.createDialog}
    >
      <CreateForm />
    </RouteDialog>
  );
}
