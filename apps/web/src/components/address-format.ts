/**
 * Showing an address: its fields' labels (per country), the English name of its country and its lines
 * as a postal address of that country ("Toronto ON  M5V 2T6", "Seattle, WA 98101", "10115 Berlin").
 *
 * Light on purpose: no country table and no phone metadata, so the customer list and detail pages
 * stay small; the address form (AddressForm.tsx) loads those with its dialog. Country names here come
 * from the browser's `Intl.DisplayNames`; the form's country select shows the domain's names
 * (i18n-iso-countries), which differ for a few countries ("United States" / "United States of America").
 */
import type { Address } from '@rentloop/domain/addresses';
import { regionByCode } from '@rentloop/domain/regions';
import { countryName } from './country-name.ts';

export { countryName };

export type AddressField = keyof Address;

/** An address as the API sends it or as a form holds it: every field may be missing or empty. */
export type AddressLike = { [K in AddressField]?: string | null };

/** Every field of an address. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'first_name',
  'last_name',
  'company',
  'street',
  'street_number',
  'address_addition',
  'postal_code',
  'city',
  'region',
  'state',
  'country',
  'email',
  'phone',
  'vat_number',
];

const LABELS: Record<AddressField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  street: 'Street',
  street_number: 'Street number',
  address_addition: 'Address addition',
  postal_code: 'Postal code',
  city: 'City',
  region: 'Region',
  state: 'State',
  country: 'Country',
  email: 'Email',
  phone: 'Phone',
  vat_number: 'VAT number',
};

/** The words each country uses for its postal code, city and region. */
const COUNTRY_LABELS: Record<string, Partial<Record<AddressField, string>>> = {
  ca: { region: 'Province' },
  us: { postal_code: 'ZIP code' },
  au: { postal_code: 'Postcode', city: 'Suburb', region: 'State or territory' },
  gb: { postal_code: 'Postcode', city: 'Town or city', region: 'County' },
  ie: { postal_code: 'Eircode', region: 'County' },
  it: { region: 'Province' },
  es: { region: 'Province' },
};

/** The label of a field for an address in `country` ("ZIP code" in the US, "Province" in Canada). */
export function addressLabel(field: AddressField, country?: string | null): string {
  return COUNTRY_LABELS[(country ?? '').toLowerCase()]?.[field] ?? LABELS[field];
}

/** What a postal code looks like, shown as the field's placeholder. */
const POSTAL_CODE_EXAMPLES: Record<string, string> = {
  ca: 'A1A 1A1',
  us: '12345',
  au: '2000',
};

export function postalCodeExample(country?: string | null): string | undefined {
  return POSTAL_CODE_EXAMPLES[(country ?? '').toLowerCase()];
}

/**
 * Countries whose addresses write the house number before the street ("350 Bay St", "10 rue de la
 * Paix"); the others write it after ("Hauptstraße 5"). The form orders the two fields the same way.
 */
const NUMBER_FIRST = new Set(['au', 'ca', 'fr', 'gb', 'ie', 'lu', 'mt', 'us', 'za']);

export function numberBeforeStreet(country?: string | null): boolean {
  return NUMBER_FIRST.has((country ?? '').toLowerCase());
}

/**
 * Countries whose addresses end with the postal code ("Toronto ON  M5V 2T6", "London\nSW1A 1AA");
 * the others start the line with it ("10115 Berlin"). The form orders city and postal code the same way.
 */
const POSTAL_CODE_LAST = new Set(['au', 'ca', 'gb', 'ie', 'lv', 'us', 'za']);

export function postalCodeAfterCity(country?: string | null): boolean {
  return POSTAL_CODE_LAST.has((country ?? '').toLowerCase());
}

const text = (value: string | null | undefined) => (value ?? '').trim();
const join = (parts: readonly string[], separator = ' ') => parts.filter(Boolean).join(separator);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The street line: the street with its number in the country's order. A street that already contains
 * the number ("12 Main St", or "Rue Sainte-Catherine 1250" with 1250 as the number) is shown as is.
 */
export function streetLine(address: AddressLike): string {
  const street = text(address.street);
  const number = text(address.street_number);
  if (!number) return street;
  if (!street) return number;
  if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(number)}($|[^\\p{L}\\p{N}])`, 'u').test(street))
    return street;
  return numberBeforeStreet(address.country) ? `${number} ${street}` : `${street} ${number}`;
}

/**
 * The line (or lines) with the city, the region and the postal code, as the country's post writes
 * them: Canada Post "Toronto ON  M5V 2T6" (two spaces before the postal code), USPS "Seattle, WA
 * 98101", Australia Post "Sydney NSW 2000", Royal Mail and An Post the town and the postcode on lines
 * of their own, Latvia "Rīga, LV-1050", Italy "00184 Roma RM", Spain "28013 Madrid" and the province
 * when it is not the city, elsewhere "10115 Berlin" (a free-text region on a line of its own).
 */
export function localityLines(address: AddressLike): string[] {
  const country = text(address.country).toLowerCase();
  const city = text(address.city);
  const postal = text(address.postal_code);
  const regionCode = text(country === 'us' ? address.state || address.region : address.region);
  switch (country) {
    case 'ca':
      return [join([join([city, regionCode]), postal], '  ')].filter(Boolean);
    case 'us':
      return [join([city, join([regionCode, postal])], ', ')].filter(Boolean);
    case 'au':
      return [join([city, regionCode, postal])].filter(Boolean);
    case 'gb':
    case 'ie':
    case 'za':
      return [city, regionCode, postal].filter(Boolean);
    case 'lv':
      return [join([city, postal], ', '), regionCode].filter(Boolean);
    case 'it':
      return [join([postal, city, regionCode])].filter(Boolean);
    case 'es': {
      const province = regionByCode('es', regionCode)?.name ?? regionCode;
      const sameAsCity = province.localeCompare(city, 'es', { sensitivity: 'base' }) === 0;
      return [join([postal, city]), sameAsCity ? '' : province].filter(Boolean);
    }
    default:
      return [join([postal, city]), regionCode].filter(Boolean);
  }
}

/** Every line of the address as it goes on an envelope, ending with the country's name. */
export function addressLines(address: AddressLike): string[] {
  const country = text(address.country);
  return [
    join([text(address.first_name), text(address.last_name)]),
    text(address.company),
    streetLine(address),
    text(address.address_addition),
    ...localityLines(address),
    country ? (countryName(country) ?? country.toUpperCase()) : '',
  ].filter(Boolean);
}
