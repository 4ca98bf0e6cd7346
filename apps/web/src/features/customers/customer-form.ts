/**
 * The customer dialogs' schema, and the mapping between a customer, the form's values and the
 * payload the API takes.
 */
import { type Address, addressFormSchema } from '@rentloop/domain/addresses';
import type { Company } from '@rentloop/domain/companies';
import { type Customer, type CustomerUpdate, customerInputSchema } from '@rentloop/domain/customers';
import type { z } from 'zod';

/**
 * A customer as the API takes it, with the address form's rules on both addresses (spec 01 §5:
 * every field a person can fill is required there, the phone must suit the country, ...). The API
 * checks the same country rules with the lighter `addressSchema`, so a form that passes here passes
 * there; the server still answers 422 for anything else (a taken email).
 */
export const customerFormSchema = customerInputSchema.extend({
  billing_address: addressFormSchema.nullable().optional(),
  shipping_address: addressFormSchema.nullable().optional(),
});

/** The edit form: every field optional as in `customerUpdateSchema`, each one checked when present. */
export const customerUpdateFormSchema = customerFormSchema.partial();

/** The form edits every field; the schema trims, lower-cases and turns empty optional text into null. */
export type CustomerFormValues = z.input<typeof customerUpdateFormSchema>;
export type CustomerFormOutput = z.output<typeof customerUpdateFormSchema>;
export type AddressValues = NonNullable<CustomerFormValues['billing_address']>;

const OPTIONAL_ADDRESS_FIELDS = [
  'email',
  'phone',
  'street_number',
  'region',
  'state',
  'company',
  'address_addition',
  'vat_number',
] as const;

/**
 * The country a new address starts with, from the company's currency where that names one country
 * (CAD: Canada, USD: the United States, ...); none for the euro. The person can change it.
 */
const CURRENCY_COUNTRIES: Readonly<Partial<Record<Company['currency'], string>>> = {
  AUD: 'au',
  CAD: 'ca',
  CHF: 'ch',
  DKK: 'dk',
  GBP: 'gb',
  NOK: 'no',
  QAR: 'qa',
  SEK: 'se',
  USD: 'us',
  ZAR: 'za',
};

export function countryForCurrency(currency: Company['currency'] | null | undefined): string {
  return (currency && CURRENCY_COUNTRIES[currency]) ?? '';
}

export function emptyAddress(
  fill: { name?: string | null; email?: string | null; country?: string | null } = {},
): AddressValues {
  const [first = '', ...rest] = (fill.name ?? '').trim().split(/\s+/);
  return {
    first_name: first,
    last_name: rest.join(' '),
    company: '',
    street: '',
    street_number: '',
    address_addition: '',
    postal_code: '',
    city: '',
    region: '',
    state: '',
    country: fill.country ?? '',
    email: fill.email ?? '',
    phone: '',
    vat_number: '',
  };
}

/** An address as the address form's values (empty text for what it lacks). */
export function addressValues(address: Address | null): AddressValues | null {
  if (!address) return null;
  const values: AddressValues = { ...address, email: '', phone: '' };
  for (const field of OPTIONAL_ADDRESS_FIELDS) values[field] = address[field] ?? '';
  return values;
}

export function toFormValues(customer?: Customer): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    language: customer?.language ?? 'en',
    company_name: customer?.company_name ?? '',
    vat_number: customer?.vat_number ?? '',
    record_mail_opt_out: customer?.record_mail_opt_out ?? false,
    billing_address: addressValues(customer?.billing_address ?? null),
    shipping_address: addressValues(customer?.shipping_address ?? null),
  };
}

/** An address's empty optional fields are sent as null, not as empty text. */
export function cleanAddress<A extends Record<string, unknown>>(address: A | null | undefined): A | null {
  if (!address) return null;
  const clean: Record<string, unknown> = { ...address };
  for (const field of OPTIONAL_ADDRESS_FIELDS) {
    if (clean[field] === '' || clean[field] === undefined) clean[field] = null;
  }
  return clean as A;
}

export function toPayload(values: CustomerFormOutput): CustomerUpdate {
  return {
    ...values,
    billing_address: cleanAddress(values.billing_address),
    shipping_address: cleanAddress(values.shipping_address),
  };
}
