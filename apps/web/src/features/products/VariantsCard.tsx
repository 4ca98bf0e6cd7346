/**
 * A product's variants: SKU, name, options, price and stock, each price explained beside the
 * product's rent. For a hand-made product an admin edits name, SKU, price and stock in place and
 * saves the changed rows with one `PUT products/variants`, adds a variant (a route dialog) and removes
 * one (refused, with the server's reason, when a bundle holds it); a shop product's variants come
 * from the shop and are read-only.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProductDetail, Variant } from '@rentloop/domain/catalog';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatOptions } from '../../components/catalog-labels.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { AmountField, WholeNumberField } from '../../components/UnitFields.tsx';
import { notify } from '../../utils/notify.ts';
import {
  toVariantsValues,
  type VariantsFormOutput,
  type VariantsFormValues,
  variantChanges,
  variantsFormSchema,
} from './bulk-edits.ts';
import { useRemoveVariant, useUpdateVariants } from './hooks.ts';
import { errorsByItem } from './item-errors.ts';
import { pricingLine, VARIANT_PRICE_HELP } from './product-form.ts';
import { SOURCE_LABELS } from './product-labels.ts';
import { productsIds } from './testids.ts';

const count = new Intl.NumberFormat('en');

/** The price and the rent under a variant's name. */
function Pricing({ variant, product }: { variant: Variant; product: ProductDetail }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      data-testid={productsIds.variantPricing}
    >
      {pricingLine(variant.price, product, (a) => formatAmount(a, product.currency))}
    </Typography>
  );
}

function VariantsTable({ children, actions = false }: { children: ReactNode; actions?: boolean }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Variants" data-testid={productsIds.variantsTable}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 260 }}>SKU</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Options</TableCell>
            <TableCell align="right" sx={{ width: 170 }}>
              Price
            </TableCell>
            <TableCell align="right" sx={{ width: 130 }}>
              Stock
            </TableCell>
            {actions && <TableCell sx={{ width: 56 }}>Remove</TableCell>}
          </TableRow>
        </TableHead>
        {children}
      </Table>
    </TableContainer>
  );
}

function ReadOnlyRows({ product }: { product: ProductDetail }) {
  return (
    <VariantsTable>
      <TableBody>
        {product.variants.map((v) => (
          <TableRow key={v.id} data-testid={productsIds.variantRow} data-variant-id={v.id}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{v.sku ?? '—'}</TableCell>
            <TableCell>
              {v.name}
              <Pricing variant={v} product={product} />
            </TableCell>
            <TableCell>{formatOptions(v.options) || '—'}</TableCell>
            <TableCell align="right">{formatAmount(v.price, product.currency)}</TableCell>
            <TableCell align="right">{v.stock === null ? 'Not tracked' : count.format(v.stock)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </VariantsTable>
  );
}

function EditableRows({ product, currency }: { product: ProductDetail; currency: string }) {
  const update = useUpdateVariants(product.id);
  const [problems, setProblems] = useState<string[]>([]);
  const resolver = useMemo(
    () =>
      zodResolver(variantsFormSchema(currency)) as unknown as Resolver<
        VariantsFormValues,
        unknown,
        VariantsFormOutput
      >,
    [currency],
  );
  const form = useForm<VariantsFormValues, unknown, VariantsFormOutput>({
    resolver,
    defaultValues: toVariantsValues(product.variants),
  });
  const { reset } = form;

  // The saved values (or a change elsewhere) become the new starting point.
  useEffect(() => {
    reset(toVariantsValues(product.variants));
  }, [product.variants, reset]);

  const onSubmit = form.handleSubmit((output) => {
    setProblems([]);
    const changes = variantChanges(product.variants, output);
    if (changes.length === 0) return;
    update.mutate(changes, {
      onSuccess: ({ message }) => notify.success(message || 'Variants updated.'),
      onError: (error) => {
        notify.error(error.message);
        const errors = error instanceof ApiError ? error.errors : null;
        const { byKey, other } = errorsByItem(
          errors,
          'variants',
          changes.map((c) => c.id),
        );
        const rowProblems: string[] = [];
        for (const [id, fields] of byKey) {
          const index = product.variants.findIndex((v) => v.id === id);
          for (const [field, message] of Object.entries(fields)) {
            if (field === 'name' || field === 'sku' || field === 'price' || field === 'stock') {
              form.setError(`variants.${index}.${field}`, { type: 'server', message });
            } else {
              rowProblems.push(`${product.variants[index]?.name ?? id}: ${message}`);
            }
          }
        }
        setProblems([...(errors ? [] : [error.message]), ...rowProblems, ...other]);
      },
    });
  });

  const dirty = form.formState.isDirty;
  const [removing, setRemoving] = useState<Variant | null>(null);
  const remove = useRemoveVariant(product.id);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: ({ message }) => {
        notify.success(message || 'Variant removed.');
        setRemoving(null);
      },
      // A bundle holds it, or it is the last: the server says which; the dialog closes on it.
      onError: (error) => {
        notify.error(error.message);
        setRemoving(null);
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <VariantsTable actions>
        <TableBody>
          {product.variants.map((v, index) => (
            <TableRow key={v.id} data-testid={productsIds.variantRow} data-variant-id={v.id}>
              <TableCell>
                <FormTextField
                  control={form.control}
                  name={`variants.${index}.sku`}
                  size="small"
                  slotProps={{ htmlInput: { 'aria-label': `SKU of ${v.name}` } }}
                />
              </TableCell>
              <TableCell>
                <FormTextField
                  control={form.control}
                  name={`variants.${index}.name`}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { 'aria-label': `Name of ${v.name}` } }}
                />
                <Pricing variant={v} product={product} />
              </TableCell>
              <TableCell>{formatOptions(v.options) || '—'}</TableCell>
              <TableCell align="right">
                <AmountField
                  control={form.control}
                  name={`variants.${index}.price`}
                  currency={currency}
                  size="small"
                  slotProps={{ htmlInput: { 'aria-label': `Price of ${v.name}` } }}
                />
              </TableCell>
              <TableCell align="right">
                <WholeNumberField
                  control={form.control}
                  name={`variants.${index}.stock`}
                  size="small"
                  placeholder="Not tracked"
                  slotProps={{ htmlInput: { 'aria-label': `Stock of ${v.name}` } }}
                />
              </TableCell>
              <TableCell>
                <IconButton
                  aria-label={`Remove ${v.name}`}
                  onClick={() => setRemoving(v)}
                  disabled={product.variants.length <= 1}
                  title={product.variants.length <= 1 ? 'A product needs at least one variant' : undefined}
                  data-testid={productsIds.variantDelete(v.id)}
                >
                  <DeleteOutline />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </VariantsTable>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ m: 2 }} data-testid={productsIds.variantsError}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 2 }}>
        <Button
          disabled={!dirty || update.isPending}
          onClick={() => {
            setProblems([]);
            reset(toVariantsValues(product.variants));
          }}
          data-testid={productsIds.variantsReset}
        >
          Discard changes
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          disabled={!dirty}
          loading={update.isPending}
          loadingPosition="start"
          data-testid={productsIds.variantsSave}
        >
          Save variants
        </Button>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'variant'}?`}
        confirmLabel="Remove variant"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        The variant is deleted from this product. A variant a bundle holds cannot be removed: take it out of
        the bundle first.
      </ConfirmDialog>
    </Box>
  );
}

export function VariantsCard(props: { product: ProductDetail; editable: boolean; currency: string }) {
  const { product } = props;
  const fromShop = product.source !== 'manual';
  return (
    <Card sx={{ gridColumn: { lg: 'span 2' } }}>
      <CardHeader
        title={`Variants (${count.format(product.variants.length)})`}
        subheader={
          fromShop
            ? `Comes from the shop: SKU, price and stock change in ${SOURCE_LABELS[product.source]} and arrive with the next sync.`
            : props.editable
              ? 'Change name, SKU, price or stock in the table, then save.'
              : undefined
        }
        action={
          props.editable &&
          !fromShop && (
            <Button
              component={RouterLink}
              to="variants/create"
              startIcon={<Add />}
              data-testid={productsIds.newVariant}
            >
              New variant
            </Button>
          )
        }
        slotProps={{ title: { variant: 'h6' } }}
      />
      <Alert
        severity="info"
        variant="outlined"
        sx={{ mx: 2, mb: 2 }}
        data-testid={productsIds.variantsPricing}
      >
        Price is {VARIANT_PRICE_HELP.charAt(0).toLowerCase()}
        {VARIANT_PRICE_HELP.slice(1)}
      </Alert>
      <CardContent sx={{ pt: 0, px: 0, '&:last-child': { pb: 0 } }}>
        {props.editable && !fromShop ? (
          <EditableRows product={product} currency={props.currency} />
        ) : (
          <ReadOnlyRows product={product} />
        )}
        {product.variants.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            This product has no variants.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
