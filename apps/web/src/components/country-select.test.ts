import { COUNTRIES, SUPPORTED_COUNTRIES } from '@rentloop/domain/countries';
import { describe, expect, it } from 'vitest';
import { filterCodeOptions } from './address-form-logic.ts';
import { ALL_COUNTRY_OPTIONS, countryListOptions, countryOptions } from './CountrySelect.tsx';

describe('the country picker’s choices', () => {
  it('offers the supported countries for an address, plus a saved country outside them', () => {
    expect(countryOptions('')).toHaveLength(SUPPORTED_COUNTRIES.length);
    const withJapan = countryOptions('JP');
    expect(withJapan).toHaveLength(SUPPORTED_COUNTRIES.length + 1);
    expect(withJapan).toContainEqual({ code: 'jp', name: 'Japan' });
  });

  it('offers every ISO 3166-1 country where any country may be chosen (shipping, tax)', () => {
    expect(ALL_COUNTRY_OPTIONS).toHaveLength(COUNTRIES.length);
    expect(ALL_COUNTRY_OPTIONS.length).toBeGreaterThan(240);
    expect(new Set(ALL_COUNTRY_OPTIONS.map((o) => o.code)).size).toBe(COUNTRIES.length);
  });

  it('finds a country among all of them by its code or by its name, the code first', () => {
    expect(filterCodeOptions(ALL_COUNTRY_OPTIONS, 'ca')[0]).toEqual({ code: 'ca', name: 'Canada' });
    expect(filterCodeOptions(ALL_COUNTRY_OPTIONS, 'DE')[0]?.name).toBe('Germany');
    expect(filterCodeOptions(ALL_COUNTRY_OPTIONS, 'united').map((o) => o.code)).toEqual(
      expect.arrayContaining(['gb', 'us', 'ae']),
    );
    expect(filterCodeOptions(ALL_COUNTRY_OPTIONS, 'côte')[0]?.code).toBe('ci');
  });
});

describe('the choices of a list of countries', () => {
  it('is every country, plus a stored code the table does not know', () => {
    expect(countryListOptions(['de', 'ca'])).toBe(ALL_COUNTRY_OPTIONS);
    expect(countryListOptions(['de', 'xx']).at(-1)).toEqual({ code: 'xx', name: 'XX' });
  });
});
