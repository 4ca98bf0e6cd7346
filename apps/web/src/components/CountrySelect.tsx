/**
 * The one country picker of the app (issue 25): an autocomplete searched by name or two-letter ISO
 * code ("ca" puts Canada first, "united" finds both Kingdom and States), named in English by the
 * domain's country table, the code shown beside each name. `countries="supported"` (an address) offers the supported countries (spec 02 §3); an
 * address saved with another country (through the API) keeps it as a choice, so editing it does not
 * silently drop the country. `countries="all"` (shipping countries, tax rules, the tax filter)
 * offers every ISO 3166-1 country. `CountriesSelect` picks several (the settings' country lists).
 */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { countriesIn, countryByAlpha2, SUPPORTED_COUNTRIES } from '@rentloop/domain/countries';
import { type Ref, useMemo } from 'react';
import { type CodeOption, filterCodeOptions } from './address-form-logic.ts';
import { CodeSelect, type CodeSelectProps } from './CodeSelect.tsx';

const SUPPORTED: readonly CodeOption[] = countriesIn('en', SUPPORTED_COUNTRIES).map((c) => ({
  code: c.alpha2,
  name: c.name,
}));

/** The supported countries, plus `current` when it is a known country outside that list. */
export function countryOptions(current: string | null | undefined): readonly CodeOption[] {
  const code = (current ?? '').trim().toLowerCase();
  if (code === '' || SUPPORTED.some((o) => o.code === code)) return SUPPORTED;
  const country = countryByAlpha2(code);
  if (!country) return SUPPORTED;
  return [...SUPPORTED, { code: country.alpha2, name: country.names.en }].sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
}

/** Every country of ISO 3166-1, by English name. */
export const ALL_COUNTRY_OPTIONS: readonly CodeOption[] = countriesIn('en').map((c) => ({
  code: c.alpha2,
  name: c.name,
}));

export function CountrySelect({
  countries = 'supported',
  ...props
}: Omit<CodeSelectProps, 'options'> & { countries?: 'supported' | 'all' }) {
  const options = useMemo(
    () => (countries === 'all' ? ALL_COUNTRY_OPTIONS : countryOptions(props.value)),
    [countries, props.value],
  );
  return <CodeSelect {...props} options={options} />;
}

/** The choices of several countries: every country, plus a stored code the table does not know. */
export function countryListOptions(codes: readonly string[]): readonly CodeOption[] {
  const unknown = codes.filter((c) => !ALL_COUNTRY_OPTIONS.some((o) => o.code === c));
  return unknown.length === 0
    ? ALL_COUNTRY_OPTIONS
    : [...ALL_COUNTRY_OPTIONS, ...unknown.map((code) => ({ code, name: code.toUpperCase() }))];
}

export interface CountriesSelectProps {
  name: string;
  label: string;
  /** The chosen codes, lowercase. */
  value: readonly string[];
  onChange: (codes: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  helperText?: string;
  testId?: string;
}

/**
 * Several countries (a settings list such as the blocked billing countries): the same search by name
 * or code as `CountrySelect`, each chosen country a chip.
 */
export function CountriesSelect({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  testId,
}: CountriesSelectProps) {
  const options = useMemo(() => countryListOptions(value), [value]);
  const selected = value
    .map((code) => options.find((o) => o.code === code))
    .filter((o): o is CodeOption => o !== undefined);
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen.map((o) => o.code))}
      onBlur={onBlur}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.code}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      filterOptions={(list, state) => filterCodeOptions(list, state.inputValue)}
      filterSelectedOptions
      autoHighlight
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={`${option.name} (${option.code.toUpperCase()})`}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, ...(testId ? { 'data-testid': testId } : {}) },
          }}
        />
      )}
    />
  );
}
