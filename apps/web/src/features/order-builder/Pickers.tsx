/** The builder's searches: a customer, and a product to add as a line. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Product } from '@rentloop/domain/catalog';
import type { Customer } from '@rentloop/domain/customers';
import { useState } from 'react';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useCustomerSearch, useProductSearch } from './hooks.ts';
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
          }}
        />
      )}
    />
  );
}

export function ProductPicker({ onPick }: { onPick: (product: Product) => void }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, SEARCH_DELAY_MS);
  const { data = [], isFetching } = useProductSearch(search);
  return (
    <Autocomplete<Product>
      value={null}
      inputValue={input}
      options={data}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(product) => product.name}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      onChange={(_, product) => {
        if (product) {
          onPick(product);
          setInput('');
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add a product"
          placeholder="Search by product name"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': builderIds.productSearch },
          }}
        />
      )}
    />
  );
}
