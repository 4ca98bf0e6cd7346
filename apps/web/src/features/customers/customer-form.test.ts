import type { Customer } from '@rentloop/domain/customers';
import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import {
  countryForCurrency,
  customerFormSchema,
  customerUpdateFormSchema,
  emptyAddress,
  toFormValues,
  toPayload,
} from './customer-form.ts';

const customer: Customer = {
  id: 5,
  company_id: 1,
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: null,
  language: 'fr',
  company_name: null,
  vat_number: null,
  cumulated_invoice: 'off',
  record_mail_opt_out: true,
  billing_address: {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.com',
    phone: '+1 514 555 0142',
    street: 'Main Street',
    street_number: '5',
    postal_code: 'H3G 1P1',
    city: 'Montréal',
    region: 'QC',
    state: null,
    country: 'ca',
    company: null,
    address_addition: null,
    vat_number: null,
  },
  shipping_address: null,
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/** The schema's problems as `{ "billing_address.postal_code": message }`, the names the form and a 422 use. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('customer form mapping', () => {
  it('shows empty text for missing values and keeps a missing address missing', () => {
    const values = toFormValues(customer);
    expect(values.phone).toBe('');
    expect(values.billing_address?.state).toBe('');
    expect(values.billing_address?.company).toBe('');
    expect(values.shipping_address).toBeNull();
  });

  it('sends empty optional text as null, in the customer and in its addresses', () => {
    const parsed = customerUpdateFormSchema.parse(toFormValues(customer));
    const payload = toPayload(parsed);
    expect(payload.phone).toBeNull();
    expect(payload.billing_address).toMatchObject({
      state: null,
      company: null,
      address_addition: null,
      city: 'Montréal',
      country: 'ca',
      phone: '+1 514 555 0142',
    });
    expect(payload.shipping_address).toBeNull();
    // The opt-out round-trips as the customer has it.
    expect(payload.record_mail_opt_out).toBe(true);
  });

  it('sends postal and region codes in their saved form', () => {
    const values = toFormValues(customer);
    const billing = { ...values.billing_address!, postal_code: 'h3g1p1', region: 'qc' };
    const payload = toPayload(customerUpdateFormSchema.parse({ ...values, billing_address: billing }));
    expect(payload.billing_address).toMatchObject({ postal_code: 'H3G 1P1', region: 'QC' });
  });

  it('starts a new address from the customer name and email, in the given country', () => {
    expect(emptyAddress({ name: 'Émilie  Tremblay Roy', email: 'e@x.ca', country: 'ca' })).toMatchObject({
      first_name: 'Émilie',
      last_name: 'Tremblay Roy',
      email: 'e@x.ca',
      country: 'ca',
      phone: '',
    });
    expect(emptyAddress().country).toBe('');
  });

  it('takes the country of a new address from a single-country currency', () => {
    expect(countryForCurrency('CAD')).toBe('ca');
    expect(countryForCurrency('USD')).toBe('us');
    expect(countryForCurrency('AUD')).toBe('au');
    expect(countryForCurrency('EUR')).toBe('');
    expect(countryForCurrency(undefined)).toBe('');
  });
});

describe('customer form schema', () => {
  const base = { name: 'Ann Lee', email: 'ann@example.com', language: 'en' as const };

  it('requires every field a person can fill in an address, under the address path', () => {
    const result = customerFormSchema.safeParse({ ...base, billing_address: emptyAddress() });
    expect(problems(result)).toEqual({
      'billing_address.first_name': MESSAGES.required,
      'billing_address.last_name': MESSAGES.required,
      'billing_address.email': MESSAGES.required,
      'billing_address.phone': MESSAGES.required,
      'billing_address.street': MESSAGES.required,
      'billing_address.street_number': MESSAGES.required,
      'billing_address.postal_code': MESSAGES.required,
      'billing_address.city': MESSAGES.required,
      'billing_address.country': MESSAGES.required,
    });
  });

  it('names a bad Canadian postal code as the server does: billing_address.postal_code', () => {
    const address = { ...toFormValues(customer).billing_address!, postal_code: 'D1A 1A1' };
    const result = customerFormSchema.safeParse({
      ...base,
      billing_address: address,
      shipping_address: address,
    });
    expect(problems(result)).toEqual({
      'billing_address.postal_code': MESSAGES.postalCodeInvalid,
      'shipping_address.postal_code': MESSAGES.postalCodeInvalid,
    });
  });

  it('flags a postal code from another province on both fields, as the server does', () => {
    const address = { ...toFormValues(customer).billing_address!, postal_code: 'T2P 1J9' };
    const result = customerFormSchema.safeParse({ ...base, billing_address: address });
    expect(problems(result)).toEqual({
      'billing_address.postal_code': 'The postal code is in Alberta.',
      'billing_address.region': MESSAGES.provinceMismatch,
    });
    const american = {
      ...address,
      country: 'us',
      region: '',
      state: 'NY',
      postal_code: '98101',
      phone: '+1 206 555 0123',
    };
    expect(problems(customerFormSchema.safeParse({ ...base, billing_address: american }))).toEqual({
      'billing_address.postal_code': 'The ZIP code is in Washington.',
      'billing_address.state': MESSAGES.stateMismatch,
    });
  });

  it('refuses an address saved without the email and phone the form requires', () => {
    const saved = {
      ...customer,
      billing_address: { ...customer.billing_address!, email: null, phone: null },
    };
    const result = customerUpdateFormSchema.safeParse(toFormValues(saved));
    expect(problems(result)).toEqual({
      'billing_address.email': MESSAGES.required,
      'billing_address.phone': MESSAGES.required,
    });
  });
});
