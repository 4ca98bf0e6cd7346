/** Chooses several products by name, searching the product list as the user types. */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useProducts } from './catalog-search.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export interface PickedProduct {
  id: number;
  name: string;
}

const PICKER_DEBOUNCE_MS = 250;

export function ProductPicker(props: {
  value: PickedProduct[];
  onChange: (value: PickedProduct[]) => void;
  label: string;
  loading?: boolean;
  error?: string;
  testId?: string;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, PICKER_DEBOUNCE_MS);
  const products = useProducts({ page: 1, search, sort: 'name', desc: false, filters: {} }, 20);
  const options: PickedProduct[] = (products.data?.data ?? []).map((p) => ({ id: p.id, name: p.name }));

  return (
    <Autocomplete
      multiple
      value={props.value}
      onChange={(_, value) => props.onChange(value)}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        // Keep what was typed after picking, so several products of one search can be chosen.
        if (reason !== 'reset') setInput(value);
      }}
      options={options}
      filterOptions={(o) => o}
      filterSelectedOptions
      disableCloseOnSelect
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={props.loading || products.isFetching}
      noOptionsText={search ? 'No product matches.' : 'No products.'}
      renderValue={(value, getItemProps) =>
        value.map((p, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={p.name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder="Search products"
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId },
          }}
        />
      )}
    />
  );
}
