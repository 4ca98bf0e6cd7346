/**
 * The country of an address: a searchable select of the supported countries (spec 02 §3), named in
 * English by the domain's country table. An address saved with another country (through the API)
 * keeps it as a choice, so editing it does not silently drop the country.
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

export function CountrySelect(props: Omit<CodeSelectProps, 'options'>) {
  const options = useMemo(() => countryOptions(props.value), [props.value]);
  return <CodeSelect {...props} options={options} />;
}
