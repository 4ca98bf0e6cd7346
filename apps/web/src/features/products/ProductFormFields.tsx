/**
 * The fields of the product dialogs: the product itself, its rental terms, tax class, collections
 * and (when creating) its variants. For a product synced from a shop the shop's fields are read-only.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PRODUCT_CLASSES } from '@rentloop/domain/catalog';
import { PRODUCT_TYPES } from '@rentloop/domain/enums';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { PRODUCT_CLASS_LABELS, PRODUCT_TYPE_LABELS } from '../../components/catalog-labels.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { AmountField, WholeNumberField } from '../../components/UnitFields.tsx';
import { useAllCollections } from './collection-hooks.ts';
import {
  EDITABLE_STATUSES,
  emptyVariant,
  INTERVALS,
  type ProductFormValues,
  RENT_LABELS,
} from './product-form.ts';
import { STATUS_LABELS } from './product-labels.ts';
import { productsIds } from './testids.ts';

// biome-ignore lint/suspicious/noExplicitAny: the create and edit forms share values but not their output
export type ProductForm = UseFormReturn<ProductFormValues, unknown, any>;

export const FROM_SHOP = 'Comes from the shop';

const grid = (columns: number) =>
  ({
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
  }) as const;

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ mt: hint ? 0 : 1.5 }}>{children}</Box>
    </Box>
  );
}

function CollectionsField({ form }: { form: ProductForm }) {
  const collections = useAllCollections();
  const options = collections.data?.data ?? [];
  return (
    <Controller
      control={form.control}
      name="collection_ids"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={options.map((c) => c.id)}
          value={field.value}
          onChange={(_, value) => field.onChange(value)}
          getOptionLabel={(id) => options.find((c) => c.id === id)?.name ?? `Collection ${id}`}
          loading={collections.isPending}
          filterSelectedOptions
          renderValue={(value, getItemProps) =>
            value.map((id, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  size="small"
                  label={options.find((c) => c.id === id)?.name ?? `Collection ${id}`}
                  {...itemProps}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Collections"
              placeholder={field.value.length ? undefined : 'None'}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ??
                (options.length === 0 && !collections.isPending
                  ? 'No collections yet: create them on the Collections tab.'
                  : undefined)
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': productsIds.collectionsField },
              }}
            />
          )}
        />
      )}
    />
  );
}

function VariantRows({ form, currency }: { form: ProductForm; currency: string }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'variants' });
  const rootError = form.formState.errors.variants?.root?.message ?? form.formState.errors.variants?.message;
  return (
    <>
      {fields.map((row, index) => (
        <Box
          key={row.id}
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 1.4fr 1.6fr 1.1fr 0.8fr auto' },
            py: 1.5,
            borderTop: index ? 1 : 0,
            borderColor: 'divider',
          }}
        >
          <FormTextField control={form.control} name={`variants.${index}.sku`} label="SKU" size="small" />
          <FormTextField
            control={form.control}
            name={`variants.${index}.name`}
            label="Name"
            required
            size="small"
          />
          <FormTextField
            control={form.control}
            name={`variants.${index}.options`}
            label="Options"
            placeholder="Color: Red, Size: M"
            size="small"
          />
          <AmountField
            control={form.control}
            name={`variants.${index}.price`}
            label="Price"
            currency={currency}
            size="small"
          />
          <WholeNumberField
            control={form.control}
            name={`variants.${index}.stock`}
            label="Stock"
            size="small"
          />
          <Tooltip title={fields.length > 1 ? 'Remove this variant' : 'A product needs at least one variant'}>
            <span>
              <IconButton
                aria-label="Remove variant"
                onClick={() => remove(index)}
                disabled={fields.length <= 1}
                sx={{ mt: 0.5 }}
                data-testid={productsIds.removeVariant(index)}
              >
                <DeleteOutlined />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
      {rootError && (
        <Typography color="error" variant="body2">
          {rootError}
        </Typography>
      )}
      <Button
        startIcon={<Add />}
        onClick={() => append(emptyVariant())}
        sx={{ mt: 1 }}
        data-testid={productsIds.addVariant}
      >
        Add variant
      </Button>
    </>
  );
}

export function ProductFormFields(props: {
  form: ProductForm;
  currency: string;
  /** The product comes from a shop: its own fields are read-only. */
  fromShop?: boolean;
  withVariants?: boolean;
}) {
  const { form, currency, fromShop = false } = props;
  const shopHint = fromShop ? FROM_SHOP : undefined;
  return (
    <>
      <Section title="Product">
        <Box sx={grid(3)}>
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>
            <FormTextField
              control={form.control}
              name="name"
              label="Name"
              required={!fromShop}
              disabled={fromShop}
              helperText={shopHint}
            />
          </Box>
          <FormTextField
            control={form.control}
            name="type"
            label="Type"
            select
            disabled={fromShop}
            helperText={shopHint}
          >
            {PRODUCT_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {PRODUCT_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="status"
            label="Status"
            select
            disabled={fromShop}
            helperText={shopHint}
          >
            {EDITABLE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="image_url"
            label="Image URL"
            placeholder="https://"
            disabled={fromShop}
            helperText={shopHint}
          />
          <Box sx={{ gridColumn: { sm: 'span 3' } }}>
            <FormTextField
              control={form.control}
              name="description"
              label="Description"
              multiline
              minRows={2}
              maxRows={6}
              disabled={fromShop}
              helperText={shopHint}
            />
          </Box>
        </Box>
      </Section>
      <Section
        title="Rental terms"
        hint={`Amounts in ${currency}. Leave a price empty when the product is not rented for that interval.`}
      >
        <Box sx={grid(3)}>
          {INTERVALS.map((interval) => (
            <AmountField
              key={interval}
              control={form.control}
              name={`rental_prices.${interval}`}
              label={RENT_LABELS[interval]}
              currency={currency}
            />
          ))}
          <WholeNumberField
            control={form.control}
            name="minimum_term_months"
            label="Minimum term"
            unit="months"
          />
          <AmountField control={form.control} name="deposit" label="Deposit" currency={currency} />
          <AmountField control={form.control} name="buyout_price" label="Buyout price" currency={currency} />
          <AmountField
            control={form.control}
            name="purchase_price"
            label="Purchase price"
            helperText="What an asset of it costs you"
            currency={currency}
          />
          <FormTextField control={form.control} name="product_class" label="Tax class" select>
            {PRODUCT_CLASSES.map((c) => (
              <MenuItem key={c} value={c}>
                {PRODUCT_CLASS_LABELS[c]}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
      </Section>
      <Section title="Collections">
        <CollectionsField form={form} />
      </Section>
      {props.withVariants && (
        <Section
          title="Variants"
          hint="Each variant is what a customer picks: its SKU, options (for example Color: Red, Size: M), price and stock."
        >
          <VariantRows form={form} currency={currency} />
        </Section>
      )}
    </>
  );
}
