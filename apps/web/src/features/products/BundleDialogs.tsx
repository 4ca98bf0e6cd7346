/** `/cms/products/bundles/create` and `/cms/products/bundles/{id}/edit`: a bundle's own fields. */

import { zodResolver } from '@hookform/resolvers/zod';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { type Bundle, bundleInputSchema } from '@rentloop/domain/catalog';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { isValidation } from '../../components/form-errors.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { AmountField } from '../../components/UnitFields.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { notify } from '../../utils/notify.ts';
import { amountField, amountText, via } from './amounts.ts';
import { type BundleInput, useBundle, useCreateBundle, useUpdateBundle } from './bundle-hooks.ts';
import { placeServerErrors } from './server-errors.ts';
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

function BundleForm(props: {
  bundle?: Bundle;
  saving: boolean;
  saveLabel: string;
  onSave: (input: BundleInput, form: ReturnType<typeof useForm<Values, unknown, Output>>) => void;
  problems: string[];
}) {
  const { close } = useRouteDialog();
  const currency = useCompanyCurrency();
  const resolver = useMemo(
    () => zodResolver(formSchema(currency)) as unknown as Resolver<Values, unknown, Output>,
    [currency],
  );
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: toValues(props.bundle) });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((output) => props.onSave(output, form))}
      data-testid={bundlesIds.form}
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent dividers>
        {props.problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={bundlesIds.formError}>
            {props.problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
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
            currency={currency}
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
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={() => close()} disabled={props.saving} data-testid={bundlesIds.cancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          loading={props.saving}
          loadingPosition="start"
          data-testid={bundlesIds.save}
        >
          {props.saveLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

function useProblems() {
  const [problems, setProblems] = useState<string[]>([]);
  return {
    problems,
    clear: () => setProblems([]),
    // biome-ignore lint/suspicious/noExplicitAny: any form of this file
    fail: (error: Error, form: any) => {
      notify.error(error.message);
      const unplaced = placeServerErrors(form, error);
      setProblems(isValidation(error) ? unplaced : [error.message, ...unplaced]);
    },
  };
}

function CreateBody() {
  const { close } = useRouteDialog();
  const create = useCreateBundle();
  const problems = useProblems();
  return (
    <BundleForm
      saving={create.isPending}
      saveLabel="Create bundle"
      problems={problems.problems}
      onSave={(input, form) => {
        problems.clear();
        create.mutate(input, {
          onSuccess: ({ data, message }) => {
            notify.success(message || 'Bundle created.');
            close(`/cms/products/bundles/${data.id}`);
          },
          onError: (error) => problems.fail(error, form),
        });
      }}
    />
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
  const update = useUpdateBundle(bundle.id);
  const problems = useProblems();
  return (
    <BundleForm
      bundle={bundle}
      saving={update.isPending}
      saveLabel="Save"
      problems={problems.problems}
      onSave={(input, form) => {
        problems.clear();
        update.mutate(input, {
          onSuccess: ({ message }) => {
            notify.success(message || 'Bundle updated.');
            close();
          },
          onError: (error) => problems.fail(error, form),
        });
      }}
    />
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
      {bundle.data ? (
        <EditBody bundle={bundle.data} />
      ) : (
        <DialogContent>
          {bundle.error ? (
            <Alert severity="error">{bundle.error.message}</Alert>
          ) : (
            <Skeleton variant="rounded" height={240} />
          )}
        </DialogContent>
      )}
    </RouteDialog>
  );
}
