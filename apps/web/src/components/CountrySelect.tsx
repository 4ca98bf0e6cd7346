/**
 * The one country picker of the app (issue 25): an autocomplete searched by name or two-letter ISO
 * code ("ca" puts Canada first, "united" finds both Kingdom and States), named in English by the
 * domain's country table, the code shown beside each name. `countries="supported"` (an address) offers the supported countries (spec 02 §3); an
 * address saved with another country (through the API) keeps it as a choice, so editing it does not
 * silently drop the country. `countries="all"` (shipping countries, tax rules, the tax filter)
 * offers every ISO 3166-1 country.
 */
import { countriesIn, countryByAlpha2, SUPPORTED_COUNTRIES } from '@rentloop/domain/countries';
import { useMemo } from 'react';
import type { CodeOption } from './address-form-logic.ts';
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
