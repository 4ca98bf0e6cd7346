/** The builder's searches: a customer, and a product (by name, or a variant by SKU) to add as a line. */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product, Variant } from '@rentloop/domain/catalog';
import type { Customer } from '@rentloop/domain/customers';
import { useState } from 'react';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { notify } from '../../utils/notify.ts';
import { useCustomerSearch, useFetchProduct, useProductSearch, useVariantSearch } from './hooks.ts';
import { builderIds } from './testids.ts';

const SEARCH_DELAY_MS = 250;

export function CustomerPicker({
  value,
  onChange,
  error,
}: {
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  error?: string;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, SEARCH_DELAY_MS);
  const { data = [], isFetching } = useCustomerSearch(search);
  return (
    <Autocomplete
      value={value}
      options={data}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(customer) => `${customer.name} (${customer.email})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_, customer) => onChange(customer)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Customer"
          placeholder="Search by name or email"
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': builderIds.customer },
            // A customer chosen before the field mounts (?customer= from the customer page) keeps the
            // label above the value instead of over it.
            inputLabel: { ...params.slotProps.inputLabel, ...(value ? { shrink: true } : {}) },
          }}
        />
      )}
    />
  );
}

type ProductOption =
  | { kind: 'product'; key: string; product: Product }
  | { kind: 'variant'; key: string; variant: Variant };

const optionLabel = (option: ProductOption) =>
  option.kind === 'product'
    ? option.product.name
    : `${option.variant.product_name} – ${option.variant.name}${option.variant.sku ? ` · SKU ${option.variant.sku}` : ''}`;

/**
 * A product to add: products whose name matches, and variants whose SKU or name matches (product,
 * variant and SKU shown); a variant picked adds its product with that variant chosen.
 */
export function ProductPicker({
  onPick,
}: {
  onPick: (product: Product & { variants?: { id: number }[] }, variantId?: number) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, SEARCH_DELAY_MS);
  const products = useProductSearch(search);
  const variants = useVariantSearch(search);
  const fetchProduct = useFetchProduct();
  const [picking, setPicking] = useState(false);
  const options: ProductOption[] = [
    ...(products.data ?? []).map((product) => ({ kind: 'product' as const, key: `p${product.id}`, product })),
    ...(search.trim().length >= 2 ? (variants.data ?? []) : []).map((variant) => ({
      kind: 'variant' as const,
      key: `v${variant.id}`,
      variant,
    })),
  ];
  return (
    <Autocomplete<ProductOption>
      value={null}
      inputValue={input}
      options={options}
      loading={products.isFetching || variants.isFetching || picking}
      disabled={picking}
      filterOptions={(list) => list}
      groupBy={(option) => (option.kind === 'product' ? 'Products' : 'Variants (SKU or name)')}
      getOptionLabel={optionLabel}
      getOptionKey={(option) => option.key}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid={builderIds.productOption(option.key)}>
            {option.kind === 'product' ? (
              option.product.name
            ) : (
              <Box>
                <Typography variant="body2">
                  {option.variant.product_name} – {option.variant.name}
                </Typography>
                {option.variant.sku && (
                  <Typography variant="caption" color="text.secondary">
                    SKU {option.variant.sku}
                  </Typography>
                )}
              </Box>
            )}
          </li>
        );
      }}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      onChange={(_, option) => {
        if (!option) return;
        setInput('');
        if (option.kind === 'product') {
          onPick(option.product);
          return;
        }
        setPicking(true);
        fetchProduct(option.variant.product_id)
          .then((product) => onPick(product, option.variant.id))
          .catch((error: Error) => notify.error(error.message))
          .finally(() => setPicking(false));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add a product"
          placeholder="Search by product name, variant or SKU"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': builderIds.productSearch },
          }}
        />
      )}
    />
  );
}
