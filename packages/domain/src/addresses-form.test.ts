import { describe, expect, it } from 'vitest';
import { american, australian, canadian, german, issuesOf } from './addresses.fixtures.ts';
import {
  type Address,
  addressFormSchema,
  phoneInvalidMessage,
  regionFieldFor,
  regionForAuPostcode,
  regionFromPostalCode,
  regionsForCountry,
  stateForUsZip,
} from './addresses.ts';
import { MESSAGES } from './messages.ts';

describe('addressFormSchema (the browser form)', () => {
  const form = (a: Address) => ({
    ...a,
    region: a.region ?? '',
    state: a.state ?? '',
    company: a.company ?? '',
    address_addition: a.address_addition ?? '',
    vat_number: a.vat_number ?? '',
  });

  it.each([
    ['Canadian', canadian],
    ['US', american],
    ['Australian', australian],
    ['German', german],
  ])('accepts a filled %s form', (_name, address) => {
    expect(issuesOf(addressFormSchema, form(address))).toEqual([]);
  });

  it('requires every field a person can fill', () => {
    const empty = Object.fromEntries(Object.keys(canadian).map((k) => [k, '']));
    expect(issuesOf(addressFormSchema, empty).sort()).toEqual(
      [
        'first_name: Required field.',
        'last_name: Required field.',
        'email: Required field.',
        'phone: Required field.',
        'street: Required field.',
        'street_number: Required field.',
        'postal_code: Required field.',
        'city: Required field.',
        'country: Required field.',
      ].sort(),
    );
  });

  it('leaves company, address addition and VAT number optional', () => {
    const r = addressFormSchema.parse({
      ...form(canadian),
      company: '',
      address_addition: '',
      vat_number: '',
    });
    expect(r).toMatchObject({ company: '', address_addition: '', vat_number: '' });
  });

  it.each([
    ['ca', canadian, 'region'],
    ['au', australian, 'region'],
    ['us', american, 'state'],
  ] as const)('requires the region of %s in its field (%s)', (_country, address, field) => {
    expect(issuesOf(addressFormSchema, { ...form(address), [field]: '' })).toEqual([
      `${field}: Required field.`,
    ]);
  });

  it('requires the province of an Italian or Spanish address', () => {
    expect(
      issuesOf(addressFormSchema, { ...form(german), country: 'it', phone: '+39 06 4620 2221' }),
    ).toEqual(['region: Required field.']);
    expect(
      issuesOf(addressFormSchema, { ...form(german), country: 'es', region: 'M', phone: '+34 612 341234' }),
    ).toEqual([]);
  });

  it('does not require a region where the country has no list', () => {
    expect(issuesOf(addressFormSchema, { ...form(german), region: '', state: '' })).toEqual([]);
  });

  it('takes the street number from the street when it has one', () => {
    expect(
      issuesOf(addressFormSchema, { ...form(american), street: '1585 Broadway', street_number: '' }),
    ).toEqual([]);
    expect(issuesOf(addressFormSchema, { ...form(american), street_number: '' })).toEqual([
      'street: Requires a number.',
      'street_number: Required field.',
    ]);
  });

  it('shows each address message on its field', () => {
    const bad = {
      ...form(canadian),
      email: 'chloé @example.com',
      phone: '+1 212 555 0100',
      street_number: '12b',
      postal_code: 'M5V 3L9',
      region: 'BC',
    };
    expect(issuesOf(addressFormSchema, bad).sort()).toEqual(
      [
        `email: ${MESSAGES.emailWhitespace}`,
        `phone: ${phoneInvalidMessage('ca')}`,
        `street_number: ${MESSAGES.onlyNumbers}`,
        'postal_code: The postal code is in Ontario.',
        `region: ${MESSAGES.provinceMismatch}`,
      ].sort(),
    );
  });
});

describe('the form helpers', () => {
  it('re-exports the region lookups', () => {
    expect(stateForUsZip('10036')?.region).toBe('NY');
    expect(regionForAuPostcode('2000')?.region).toBe('NSW');
    expect(regionsForCountry('au')).toHaveLength(8);
    expect(regionFieldFor('us')).toBe('state');
  });

  it.each([
    ['us', '10036', 'state', 'NY'],
    ['US', '90210-1234', 'state', 'CA'],
    ['au', '2600', 'region', 'ACT'],
    ['au', '3000', 'region', 'VIC'],
    ['ca', 'M5V 3L9', 'region', 'ON'],
    ['ca', 'h2x1y4', 'region', 'QC'],
    ['ca', 'T2P 1J9', 'region', 'AB'],
  ])('fills %s %s: %s %s', (country, postal, field, code) => {
    expect(regionFromPostalCode(country, postal)).toEqual({
      field,
      region: expect.objectContaining({ region: code }),
      regions: [expect.objectContaining({ region: code })],
    });
  });

  it.each([
    ['us', '00601'],
    ['us', '1003'],
    ['au', '6798'],
    ['ca', 'T2P 1J'],
    ['de', '10117'],
    [null, '10036'],
  ])('fills nothing for %s %s', (country, postal) => {
    expect(regionFromPostalCode(country, postal)).toBeUndefined();
  });
});
