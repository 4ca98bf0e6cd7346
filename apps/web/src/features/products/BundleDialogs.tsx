/** `/cms/products/bundles/create` and `/cms/products/bundles/{id}/edit`: a bundle's own fields. */

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { type Bundle, bundleInputSchema } from '@rentloop/domain/catalog';
import { useMemo } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { via } from '../../components/amounts.ts';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { amountField, amountText } from '../../components/money-input.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { AmountField } from '../../components/UnitFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useBundle, useCreateBundle, useUpdateBundle } from './bundle-hooks.ts';
import { bundlesIds } from './testids.ts';

interface Values {
  name: string;
  description: string;
  is_group: 'false' | 'true';
  is_active: boolean;
  price: string;
}

const formSchema = (currency: string) =>
  z.object({
    name: bundleInputSchema.shape.name,
    description: z
      .string()
      .transform((v) => (v.trim() === '' ? null : v))
      .transform(via(bundleInputSchema.shape.description.unwrap())),
    is_group: z.enum(['false', 'true']).transform((v) => v === 'true'),
    is_active: z.boolean(),
    price: amountField(currency),
  });
type Output = z.output<ReturnType<typeof formSchema>>;

const toValues = (b?: Bundle): Values => ({
  name: b?.name ?? '',
  description: b?.description ?? '',
  is_group: b?.is_group ? 'true' : 'false',
  is_active: b?.is_active ?? true,
  price: amountText(b?.price),
});

const formIds = {
  form: bundlesIds.form,
  problems: bundlesIds.formError,
  cancel: bundlesIds.cancel,
  save: bundlesIds.save,
};

type BundleFormApi = ReturnType<typeof useAppForm<Values, unknown, Output>>;

function useBundleForm(bundle?: Bundle): BundleFormApi {
  const currency = useCompanyCurrency();
  const resolver = useMemo(
    () => zodResolver(formSchema(currency)) as unknown as Resolver<Values, unknown, Output>,
    [currency],
  );
  return useAppForm<Values, unknown, Output>({ resolver, defaultValues: toValues(bundle) });
}

function BundleFields({ form }: { form: BundleFormApi }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <FormTextField control={form.control} name="name" label="Name" required autoFocus />
      </Box>
      <FormTextField
        control={form.control}
        name="is_group"
        label="Kind"
        select
        helperText={
          form.watch('is_group') === 'true'
            ? 'The customer rents one of its variants.'
            : 'The customer rents all its variants together.'
        }
      >
        <MenuItem value="false">Bundle</MenuItem>
        <MenuItem value="true">Group</MenuItem>
      </FormTextField>
      <AmountField
        control={form.control}
        name="price"
        label="Price"
        helperText="Leave empty to charge the variants' own prices"
      />
      <Box sx={{ gridColumn: { sm: 'span 2' } }}>
        <FormTextField
          control={form.control}
          name="description"
          label="Description"
          multiline
          minRows={2}
          maxRows={6}
        />
      </Box>
      <Controller
        control={form.control}
        name="is_active"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
            }
            label="Active (offered to customers)"
          />
        )}
      />
    </Box>
  );
}

function CreateBody() {
  const { close } = useRouteDialog();
  const form = useBundleForm();
  const submit = useSubmit(form, useCreateBundle(), {
    saved: 'Bundle created.',
    onSaved: ({ data }) => close(`/cms/products/bundles/${data.id}`),
  });
  return (
    <DialogForm {...submit} saveLabel="Create bundle" testIds={formIds}>
      <BundleFields form={form} />
    </DialogForm>
  );
}

export function BundleCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New bundle"
      closeTo={`/cms/products/bundles${search}`}
      maxWidth="sm"
      testId={bundlesIds.createDialog}
    >
      <CreateBody />
    </RouteDialog>
  );
}

function EditBody({ bundle }: { bundle: Bundle }) {
  const { close } = useRouteDialog();
  const form = useBundleForm(bundle);
  const submit = useSubmit(form, useUpdateBundle(bundle.id), {
    saved: 'Bundle updated.',
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel="Save" testIds={formIds}>
      <BundleFields form={form} />
    </DialogForm>
  );
}

export function BundleEditDialog() {
  const id = Number(useParams().bundleId);
  const bundle = useBundle(id);
  return (
    <RouteDialog
      title={bundle.data ? `Edit ${bundle.data.name}` : 'Edit bundle'}
      closeTo={`/cms/products/bundles/${id}`}
      maxWidth="sm"
      testId={bundlesIds.editDialog}
    >
      <DialogRecord query={bundle} height={240}>
        {(b) => <EditBody bundle={b} />}
      </DialogRecord>
    </RouteDialog>
  );
}
