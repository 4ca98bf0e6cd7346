/** `/cms/products/tax/create` and `/cms/products/tax/{id}`: a tax rule (country, region, tax class, rate). */

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { PRODUCT_CLASSES, type TaxRule } from '@rentloop/domain/catalog';
import { regionsForCountry } from '@rentloop/domain/regions';
import { Controller, type Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { PRODUCT_CLASS_LABELS } from '../../components/catalog-labels.ts';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { PercentField } from '../../components/UnitFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { type TaxRuleOutput, type TaxRuleValues, taxRuleFormSchema, toRuleValues } from './tax-form.ts';
import { useSaveTaxRule, useTaxRule } from './tax-hooks.ts';
import { taxIds } from './testids.ts';

const formIds = {
  form: taxIds.ruleForm,
  problems: taxIds.ruleFormError,
  cancel: taxIds.ruleCancel,
  save: taxIds.ruleSave,
};

const resolver = zodResolver(taxRuleFormSchema) as unknown as Resolver<TaxRuleValues, unknown, TaxRuleOutput>;

function RuleForm({ rule }: { rule?: TaxRule }) {
  const { close } = useRouteDialog();
  const save = useSaveTaxRule(rule?.id ?? null);
  const form = useAppForm<TaxRuleValues, unknown, TaxRuleOutput>({
    resolver,
    defaultValues: toRuleValues(rule),
  });
  const country = form.watch('country');
  const regions = regionsForCountry(country);
  const currentRegion = form.watch('region');
  // A rule imported with a region the tables do not list keeps it as a choice.
  const regionChoices =
    currentRegion && !regions.some((r) => r.region === currentRegion.toUpperCase())
      ? [
          ...regions,
          { alpha2: country, region: currentRegion.toUpperCase(), name: currentRegion.toUpperCase() },
        ]
      : regions;

  const submit = useSubmit(form, save, {
    saved: rule ? 'Tax rule updated.' : 'Tax rule created.',
    onSaved: () => close(),
  });

  return (
    <DialogForm {...submit} saveLabel={rule ? 'Save' : 'Create rule'} testIds={formIds}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <CountrySelect
              countries="all"
              name="country"
              label="Country"
              value={field.value}
              onChange={(code) => {
                field.onChange(code);
                form.setValue('region', '');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required
              error={fieldState.error?.message}
              testId={taxIds.country}
            />
          )}
        />
        {regionChoices.length > 0 ? (
          <FormTextField
            control={form.control}
            name="region"
            label="Region"
            select
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': taxIds.region },
            }}
          >
            <MenuItem value="">Whole country</MenuItem>
            {regionChoices.map((r) => (
              <MenuItem key={r.region} value={r.region} data-value={r.region}>
                {r.name} ({r.region})
              </MenuItem>
            ))}
          </FormTextField>
        ) : (
          <FormTextField
            control={form.control}
            name="region"
            label="Region code"
            placeholder="Whole country"
            helperText="Leave empty for the whole country"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': taxIds.region } }}
          />
        )}
        <FormTextField
          control={form.control}
          name="product_class"
          label="Tax class"
          select
          slotProps={{ htmlInput: { 'data-testid': taxIds.productClass } }}
        >
          {PRODUCT_CLASSES.map((c) => (
            <MenuItem key={c} value={c} data-value={c}>
              {PRODUCT_CLASS_LABELS[c]}
            </MenuItem>
          ))}
        </FormTextField>
        <PercentField control={form.control} name="percentage" label="Rate" required />
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <FormTextField
            control={form.control}
            name="name"
            label="Name"
            placeholder="HST, GST, VAT..."
            helperText="Shown on invoices next to the tax amount"
          />
        </Box>
      </Box>
    </DialogForm>
  );
}

export function TaxRuleCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New tax rule"
      closeTo={`/cms/products/tax${search}`}
      maxWidth="sm"
      testId={taxIds.ruleDialog}
    >
      <RuleForm />
    </RouteDialog>
  );
}

export function TaxRuleEditDialog() {
  const id = Number(useParams().ruleId);
  const { search } = useLocation();
  const rule = useTaxRule(id);
  return (
    <RouteDialog
      title="Edit tax rule"
      closeTo={`/cms/products/tax${search}`}
      maxWidth="sm"
      testId={taxIds.ruleDialog}
    >
      <DialogRecord query={rule}>{(r) => <RuleForm rule={r} />}</DialogRecord>
    </RouteDialog>
  );
}
