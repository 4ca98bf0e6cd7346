/** Picks a company by typing part of its name (operators search every company). */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../components/paging.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useCompanies, useCompany } from '../companies/hooks.ts';

export interface PickedCompany {
  id: number;
  name: string;
}

export function CompanyPicker(props: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  testId: string;
  error?: string;
}) {
  // What the user typed (not the chosen company's name shown in the box) is the search.
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const companies = useCompanies({ search, page: 1 });
  // The chosen company's name, also when it came in the URL (from "Create its owner").
  const chosen = useCompany(props.value ?? null);
  const chosenName = chosen.data?.name;
  const value = useMemo<PickedCompany | null>(
    () => (props.value ? { id: props.value, name: chosenName ?? `Company #${props.value}` } : null),
    [props.value, chosenName],
  );
  const options: PickedCompany[] = companies.data?.data.map((c) => ({ id: c.id, name: c.name })) ?? [];

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => props.onChange(next?.id)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setTyped(next);
        else if (reason === 'clear') setTyped('');
      }}
      // The server filters; show what it answered.
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={companies.isFetching}
      noOptionsText={search ? 'No companies match.' : 'No companies.'}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps;
        return (
          <li key={key} {...rest}>
            {option.name}
            <span style={{ marginLeft: 'auto', opacity: 0.6, fontSize: 12 }}>#{option.id}</span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Company"
          placeholder="Type to search"
          error={Boolean(props.error)}
          helperText={props.error ?? 'Optional: the company the user works in.'}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId },
          }}
        />
      )}
    />
  );
}
