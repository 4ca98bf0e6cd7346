/**
 * `/cms/products/availability/create` and `/cms/products/availability/{sku}`: the availability
 * settings of one SKU (the SKU is chosen from the variants or typed), and deleting them.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type AvailabilitySetting, availabilitySettingInputSchema } from '@rentloop/domain/catalog';
import { useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { numberText, via, wholeNumberField } from '../../components/amounts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useVariantSearch } from '../../components/catalog-search.ts';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { WholeNumberField } from '../../components/UnitFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { notify } from '../../utils/notify.ts';
import { useAvailabilitySetting, useDeleteAvailability, useSaveAvailability } from './availability-hooks.ts';
import { availabilityIds } from './testids.ts';

interface Values {
  sku_name: string;
  is_available: boolean;
  min_stock: string;
  lead_time_days: string;
  max_rental_days: string;
  note: string;
}

const shape = availabilitySettingInputSchema.shape;
const formSchema = z.object({
  sku_name: shape.sku_name,
  is_available: z.boolean(),
  min_stock: wholeNumberField({ required: true }).transform(via(shape.min_stock.unwrap())),
  lead_time_days: wholeNumberField({ required: true }).transform(via(shape.lead_time_days.unwrap())),
  max_rental_days: wholeNumberField({ min: 1 }).transform(via(shape.max_rental_days.unwrap())),
  note: z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .transform(via(shape.note.unwrap())),
});
type Output = z.output<typeof formSchema>;
const formIds = {
  form: availabilityIds.form,
  problems: availabilityIds.formError,
  cancel: availabilityIds.cancel,
  save: availabilityIds.save,
};

const resolver = zodResolver(formSchema) as unknown as Resolver<Values, unknown, Output>;

const toValues = (s?: AvailabilitySetting): Values => ({
  sku_name: s?.sku_name ?? '',
  is_available: s?.is_available ?? true,
  min_stock: numberText(s?.min_stock ?? 0),
  lead_time_days: numberText(s?.lead_time_days ?? 0),
  max_rental_days: numberText(s?.max_rental_days),
  note: s?.note ?? '',
});

/** The SKU: typed, or picked from the variants' SKUs. */
function SkuField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const search = useDebouncedValue(value, 250);
  const variants = useVariantSearch(search);
  const skus = [
    ...new Set((variants.data?.data ?? []).map((v) => v.sku).filter((s): s is string => Boolean(s))),
  ];
  return (
    <Autocomplete
      freeSolo
      options={skus}
      inputValue={value}
      onInputChange={(_, v) => onChange(v)}
      filterOptions={(o) => o}
      loading={variants.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label="SKU"
          required
          autoFocus
          error={Boolean(error)}
          helperText={error ?? 'A variant’s SKU'}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              name: 'sku_name',
              'data-testid': availabilityIds.sku,
            },
          }}
        />
      )}
    />
  );
}

function SettingForm({ setting }: { setting?: AvailabilitySetting }) {
  const { close } = useRouteDialog();
  const { search } = useLocation();
  const save = useSaveAvailability(setting?.sku_name ?? null);
  const remove = useDeleteAvailability();
  const [confirming, setConfirming] = useState(false);
  const form = useAppForm<Values, unknown, Output>({ resolver, defaultValues: toValues(setting) });

  const submit = useSubmit(form, save, {
    payload: ({ sku_name, ...rest }) => (setting ? rest : { sku_name, ...rest }),
    saved: 'Availability settings saved.',
    onSaved: () => close(),
  });

  return (
    <>
      <DialogForm
        {...submit}
        saveLabel={setting ? 'Save' : 'Create settings'}
        testIds={formIds}
        secondaryAction={
          setting && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setConfirming(true)}
              disabled={submit.saving}
              data-testid={availabilityIds.delete}
            >
              Delete
            </Button>
          )
        }
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            {setting ? (
              <TextField label="SKU" value={setting.sku_name} fullWidth disabled />
            ) : (
              <Controller
                control={form.control}
                name="sku_name"
                render={({ field, fieldState }) => (
                  <SkuField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
            )}
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <Controller
              control={form.control}
              name="is_available"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { 'data-testid': availabilityIds.isAvailable } as object }}
                    />
                  }
                  label="Can be rented"
                />
              )}
            />
          </Box>
          <WholeNumberField
            control={form.control}
            name="min_stock"
            label="Minimum stock"
            helperText="Units kept back, not offered for rent"
          />
          <WholeNumberField
            control={form.control}
            name="lead_time_days"
            label="Lead time"
            unit="days"
            helperText="Days before a rental can start"
          />
          <WholeNumberField
            control={form.control}
            name="max_rental_days"
            label="Longest rental"
            unit="days"
            helperText="Empty for no limit"
          />
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <FormTextField
              control={form.control}
              name="note"
              label="Note"
              multiline
              minRows={2}
              maxRows={5}
            />
          </Box>
        </Box>
      </DialogForm>
      {setting && (
        <ConfirmDialog
          open={confirming}
          title="Delete these availability settings?"
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(setting.id, {
              onSuccess: ({ message }) => {
                notify.success(message || 'Availability settings deleted.');
                setConfirming(false);
                close(`/cms/products/availability${search}`);
              },
              onError: (error) => notify.error(error.message),
            })
          }
        >
          {setting.sku_name} can then be rented without these limits.
        </ConfirmDialog>
      )}
    </>
  );
}

export function AvailabilityCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New availability settings"
      closeTo={`/cms/products/availability${search}`}
      maxWidth="sm"
      testId={availabilityIds.createDialog}
    >
      <SettingForm />
    </RouteDialog>
  );
}

export function AvailabilityEditDialog() {
  const sku = useParams().sku ?? '';
  const { search } = useLocation();
  const setting = useAvailabilitySetting(sku);
  return (
    <RouteDialog
      title={`Availability of ${sku}`}
      closeTo={`/cms/products/availability${search}`}
      maxWidth="sm"
      testId={availabilityIds.editDialog}
    >
      <DialogRecord query={setting}>{(data) => <SettingForm setting={data} />}</DialogRecord>
    </RouteDialog>
  );
}
