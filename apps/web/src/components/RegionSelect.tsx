/**
 * The province, state or region of an address, from the country's list (`regionsForCountry`: the 13
 * Canadian provinces and territories, the 50 US states and DC, the 8 Australian states and
 * territories, the Italian and Spanish provinces), sorted by name and searchable by name or code.
 */
import { regionsForCountry } from '@rentloop/domain/regions';
import { useMemo } from 'react';
import type { CodeOption } from './address-form-logic.ts';
import { CodeSelect, type CodeSelectProps } from './CodeSelect.tsx';

/** The region choices of a country, by name. */
export function regionOptions(country: string | null | undefined): readonly CodeOption[] {
  return regionsForCountry(country ?? '')
    .map((r) => ({ code: r.region, name: r.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function RegionSelect({
  country,
  ...props
}: Omit<CodeSelectProps, 'options'> & { country: string | null | undefined }) {
  const options = useMemo(() => regionOptions(country), [country]);
  return <CodeSelect {...props} options={options} />;
}
