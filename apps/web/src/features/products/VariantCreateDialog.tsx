/**
 * `/cms/products/{id}/variants/create`: one more variant of a hand-made product, as a route dialog
 * (`POST products/{id}/variants`); the server's 422 lands on the field it names.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { AmountField, WholeNumberField } from '../../components/UnitFields.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useAddVariant } from './hooks.ts';
import {
  emptyVariant,
  OPTIONS_FORMAT,
  VARIANT_PRICE_HELP,
  type VariantFormValues,
  variantFormSchema,
} from './product-form.ts';
import { productsIds } from './testids.ts';

type VariantOutput = ReturnType<ReturnType<typeof variantFormSchema>['parse']>;

function VariantForm({ productId }: { productId: number }) {
  const { close } = useRouteDialog();
  const currency = useCompanyCurrency();
  const add = useAddVariant(productId);
  const resolver = useMemo(
    () =>
      zodResolver(variantFormSchema(currency)) as unknown as Resolver<
        VariantFormValues,
        unknown,
        VariantOutput
      >,
    [currency],
  );
  const form = useForm<VariantFormValues, unknown, VariantOutput>({
    resolver,
    defaultValues: emptyVariant(),
  });
  const submit = useSubmit(form, add, { saved: 'Variant added.', onSaved: () => close() });
  return (
    <DialogForm
      {...submit}
      saveLabel="Add variant"
      testIds={{
        form: productsIds.form,
        problems: productsIds.formError,
        cancel: productsIds.cancel,
        save: productsIds.save,
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={form.control} name="name" label="Name" required autoFocus />
        <FormTextField control={form.control} name="sku" label="SKU" />
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <FormTextField
            control={form.control}
            name="options"
            label="Options"
            placeholder="Color: Red, Size: M"
            helperText={OPTIONS_FORMAT}
            fullWidth
          />
        </Box>
        <AmountField
          control={form.control}
          name="price"
          label="Price"
          currency={currency}
          helperText={VARIANT_PRICE_HELP}
        />
        <WholeNumberField control={form.control} name="stock" label="Stock" placeholder="Not tracked" />
      </Box>
    </DialogForm>
  );
}

export function VariantCreateDialog() {
  const id = Number(useParams().id);
  return (
    <RouteDialog title="New variant" closeTo={`/cms/products/${id}`} testId={productsIds.variantDialog}>
      <VariantForm productId={id} />
    </RouteDialog>
  );
}
