/** Picks a variant by SKU or name, searching `GET variants?search=` as the user types. */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Variant } from '@rentloop/domain/catalog';
import { useState } from 'react';
import { formatOptions } from './catalog-labels.ts';
import { useVariantSearch } from './catalog-search.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** Shorter than a list's search: the user waits for the options while typing. */
const PICKER_DEBOUNCE_MS = 250;

export const variantLabel = (v: Pick<Variant, 'sku' | 'name' | 'product_name'>) =>
  `${v.sku ? `${v.sku} · ` : ''}${v.name === v.product_name ? v.name : `${v.product_name} – ${v.name}`}`;

export function VariantPicker(props: {
  value: Variant | null;
  onChange: (variant: Variant | null) => void;
  label: string;
  /** Variants already chosen are not offered again. */
  exclude?: ReadonlySet<number>;
  testId?: string;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, PICKER_DEBOUNCE_MS);
  const variants = useVariantSearch(search);
  const options = (variants.data?.data ?? []).filter((v) => !props.exclude?.has(v.id));

  return (
    <Autocomplete
      value={props.value}
      onChange={(_, value) => props.onChange(value)}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      options={options}
      // The server searched already; every option it sent matches.
      filterOptions={(o) => o}
      getOptionLabel={variantLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={variants.isFetching}
      disabled={props.disabled}
      noOptionsText={search ? 'No variant matches.' : 'Type a SKU or a name.'}
      renderOption={(optionProps, v) => {
        const { key, ...rest } = optionProps;
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {v.product_name}
                {v.name !== v.product_name && ` – ${v.name}`}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {[v.sku ?? 'No SKU', formatOptions(v.options)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder="SKU or name"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId },
          }}
        />
      )}
    />
  );
}
