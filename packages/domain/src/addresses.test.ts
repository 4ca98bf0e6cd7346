import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { american, australian, canadian, german, issuesOf } from './addresses.fixtures.ts';
import {
  addressFieldsSchema,
  addressFormSchema,
  addressSchema,
  isPhoneValidForCountry,
  phoneInvalidMessage,
} from './addresses.ts';
import { customerInputSchema } from './customers.ts';
import { MESSAGES } from './messages.ts';
import { CA_FIRST_LETTERS, CA_OTHER_LETTERS, PROVINCE_CODES } from './postal-codes.ts';
import { provincesOfCanadianPostalCode } from './postal-regions.ts';

describe('addressSchema (the server)', () => {
  it.each([
    ['Canadian', canadian],
    ['US', american],
    ['Australian', australian],
    ['German', german],
  ])('accepts a valid %s address', (_name, address) => {
    expect(issuesOf(addressSchema, address)).toEqual([]);
  });

  it('accepts a minimal address: optional fields empty, null or absent', () => {
    const minimal = {
      first_name: 'A',
      last_name: 'B',
      street: 'Main Street 1',
      postal_code: 'K1A 0B1',
      city: 'Ottawa',
      country: 'CA',
      email: '',
      phone: null,
    };
    expect(addressSchema.parse(minimal)).toMatchObject({ country: 'ca', postal_code: 'K1A 0B1' });
  });

  it('stores canonical forms: postal code, region and state codes, country', () => {
    expect(
      addressSchema.parse({
        ...canadian,
        postal_code: 'm5v3l9',
        region: 'on',
        country: 'CA',
        city: ' Toronto ',
      }),
    ).toMatchObject({ postal_code: 'M5V 3L9', region: 'ON', country: 'ca', city: 'Toronto' });
    expect(addressSchema.parse({ ...american, state: 'ny' }).state).toBe('NY');
    expect(addressSchema.parse({ ...australian, region: 'nsw' }).region).toBe('NSW');
    expect(
      addressSchema.parse({ ...german, country: 'it', region: 'rm', phone: '+39 06 4620 2221' }).region,
    ).toBe('RM');
    expect(
      addressSchema.parse({ ...german, country: 'gb', postal_code: 'sw1a 1aa', phone: null }).postal_code,
    ).toBe('SW1A 1AA');
  });

  describe('Canada', () => {
    it.each([['K1A0B1'], ['k1a 0b1'], ['H2X 1Y4'], ['T2P 1J9']])(
      'accepts the postal code %s',
      (postal_code) => {
        expect(issuesOf(addressSchema, { ...canadian, postal_code, region: null })).toEqual([]);
      },
    );
    it.each([['D1A 0B1'], ['K1A-0B1'], ['K1A 0B'], ['12345'], ['KKK KKK']])(
      'refuses the postal code %s',
      (code) => {
        expect(issuesOf(addressSchema, { ...canadian, postal_code: code, region: null })).toEqual([
          `postal_code: ${MESSAGES.postalCodeInvalid}`,
        ]);
      },
    );
    it('refuses a province that does not match the postal code, naming both fields', () => {
      expect(issuesOf(addressSchema, { ...canadian, postal_code: 'M5V 3L9', region: 'QC' })).toEqual([
        'postal_code: The postal code is in Ontario.',
        `region: ${MESSAGES.provinceMismatch}`,
      ]);
      expect(issuesOf(addressSchema, { ...canadian, postal_code: 'H2X 1Y4', region: 'qc' })).toEqual([]);
    });
    it('holds the province to every Canada Post first letter, beyond the spec inference table', () => {
      // A Calgary postal code on an Ontario address: the spec's table knows only "T, digit, S".
      expect(issuesOf(addressSchema, { ...canadian, postal_code: 'T2P 1J9', region: 'ON' })).toEqual([
        'postal_code: The postal code is in Alberta.',
        `region: ${MESSAGES.provinceMismatch}`,
      ]);
      expect(issuesOf(addressSchema, { ...canadian, postal_code: 'T2P 1J9', region: 'AB' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...canadian, postal_code: 'X1A 2N1', region: 'NT' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...canadian, postal_code: 'X1A 2N1', region: 'NU' })).toEqual([
        'postal_code: The postal code is in the Northwest Territories.',
        `region: ${MESSAGES.provinceMismatch}`,
      ]);
    });
    it('refuses a region that is not a province code', () => {
      expect(issuesOf(addressSchema, { ...canadian, region: 'Ontario' })).toEqual([
        `region: ${MESSAGES.regionUnknown}`,
      ]);
    });
    it('accepts every generated postal code with the province it gives, and refuses every other province', () => {
      const code = fc
        .tuple(
          fc.constantFrom(...CA_FIRST_LETTERS),
          fc.nat(9),
          fc.constantFrom(...CA_OTHER_LETTERS),
          fc.nat(9),
          fc.constantFrom(...CA_OTHER_LETTERS),
          fc.nat(9),
        )
        .map(([a, b, c, d, e, f]) => `${a}${b}${c} ${d}${e}${f}`);
      fc.assert(
        fc.property(code, fc.constantFrom(...PROVINCE_CODES), (postal_code, other) => {
          const given = provincesOfCanadianPostalCode(postal_code).map((p) => p.region);
          const inferred = given[0];
          const withInferred = issuesOf(addressSchema, {
            ...canadian,
            postal_code,
            region: inferred ?? other,
          });
          const withOther = issuesOf(addressSchema, { ...canadian, postal_code, region: other });
          const mismatch = inferred !== undefined && !given.includes(other);
          return (
            withInferred.length === 0 &&
            (mismatch
              ? withOther.at(-1) === `region: ${MESSAGES.provinceMismatch}` &&
                withOther.length === 2 &&
                withOther[0]!.startsWith('postal_code: The postal code is in ')
              : withOther.length === 0)
          );
        }),
        { numRuns: 200 },
      );
    });
  });

  describe('United States', () => {
    it.each([
      ['90210', 'CA'],
      ['12345-6789', 'NY'],
      ['00501', 'NY'],
    ])('accepts the ZIP %s (%s)', (postal_code, state) => {
      expect(issuesOf(addressSchema, { ...american, postal_code, state })).toEqual([]);
    });
    it.each([['9021'], ['902101'], ['12345-678'], ['ABCDE'], ['M5V 3L9']])(
      'refuses the ZIP %s',
      (postal_code) => {
        expect(issuesOf(addressSchema, { ...american, postal_code })).toEqual([
          `postal_code: ${MESSAGES.zipCodeInvalid}`,
        ]);
      },
    );
    it.each([['XX'], ['PR'], ['New York']])('refuses the state %s', (state) => {
      expect(issuesOf(addressSchema, { ...american, state })).toEqual([`state: ${MESSAGES.regionUnknown}`]);
    });
    it('refuses a state that the ZIP is not in, naming both fields', () => {
      expect(issuesOf(addressSchema, { ...american, postal_code: '10036', state: 'NJ' })).toEqual([
        'postal_code: The ZIP code is in New York.',
        `state: ${MESSAGES.stateMismatch}`,
      ]);
      expect(issuesOf(addressSchema, { ...american, postal_code: '20500', state: 'VA' })).toEqual([
        'postal_code: The ZIP code is in the District of Columbia.',
        `state: ${MESSAGES.stateMismatch}`,
      ]);
    });
    it('accepts either state for a ZIP across a state line (Fort Campbell, KY and TN)', () => {
      expect(issuesOf(addressSchema, { ...american, postal_code: '42223', state: 'TN' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...american, postal_code: '42223', state: 'KY' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...american, postal_code: '42223-1234', state: 'OH' })).toEqual([
        'postal_code: The ZIP code is in Kentucky or Tennessee.',
        `state: ${MESSAGES.stateMismatch}`,
      ]);
    });
    it('does not check a ZIP that gives no state (Puerto Rico, military mail)', () => {
      expect(issuesOf(addressSchema, { ...american, postal_code: '00601', state: 'NY' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...american, postal_code: '09001', state: 'NY' })).toEqual([]);
    });
  });

  describe('Australia', () => {
    it.each([['200'], ['20000'], ['NSW 2000']])('refuses the postcode %s', (postal_code) => {
      expect(issuesOf(addressSchema, { ...australian, postal_code })).toEqual([
        `postal_code: ${MESSAGES.postcodeInvalid}`,
      ]);
    });
    it('refuses an unknown region', () => {
      expect(issuesOf(addressSchema, { ...australian, region: 'Sydney' })).toEqual([
        `region: ${MESSAGES.regionUnknown}`,
      ]);
    });
    it('refuses a state the postcode is not in, and accepts either for a shared postcode', () => {
      expect(issuesOf(addressSchema, { ...australian, postal_code: '3000', region: 'NSW' })).toEqual([
        'postal_code: The postcode is in Victoria.',
        `region: ${MESSAGES.auRegionMismatch}`,
      ]);
      expect(issuesOf(addressSchema, { ...australian, postal_code: '2620', region: 'ACT' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...australian, postal_code: '2620', region: 'NSW' })).toEqual([]);
      expect(issuesOf(addressSchema, { ...australian, postal_code: '2620', region: 'VIC' })).toEqual([
        'postal_code: The postcode is in New South Wales or the Australian Capital Territory.',
        `region: ${MESSAGES.auRegionMismatch}`,
      ]);
      expect(issuesOf(addressSchema, { ...australian, postal_code: '0872', region: 'QLD' })).toEqual([
        'postal_code: The postcode is in the Northern Territory, South Australia or Western Australia.',
        `region: ${MESSAGES.auRegionMismatch}`,
      ]);
    });
  });

  it.each([
    ['it', 'XX'],
    ['es', 'MD'],
  ])('refuses a %s region that is not a province (%s)', (country, region) => {
    expect(issuesOf(addressSchema, { ...german, country, region, phone: null })).toEqual([
      `region: ${MESSAGES.regionUnknown}`,
    ]);
  });

  it('leaves region and state free for a country without a list', () => {
    expect(issuesOf(addressSchema, { ...german, region: 'Berlin', state: 'BE' })).toEqual([]);
  });

  describe('street and street number', () => {
    it('needs a number in the street when there is no street number', () => {
      expect(issuesOf(addressSchema, { ...canadian, street_number: null })).toEqual([
        `street: ${MESSAGES.requiresNumber}`,
      ]);
      expect(
        issuesOf(addressSchema, { ...canadian, street: '100 King Street West', street_number: '' }),
      ).toEqual([]);
    });
    it.each([['12a'], ['12-14'], ['twelve'], ['1.5']])('refuses the street number %s', (street_number) => {
      expect(issuesOf(addressSchema, { ...canadian, street_number })).toEqual([
        `street_number: ${MESSAGES.onlyNumbers}`,
      ]);
    });
  });

  describe('email', () => {
    it.each([
      ['ann @example.com', MESSAGES.emailWhitespace],
      ['ann@example', MESSAGES.emailInvalid],
      ['ann.example.com', MESSAGES.emailInvalid],
    ])('refuses %j: %s', (email, message) => {
      expect(issuesOf(addressSchema, { ...canadian, email })).toEqual([`email: ${message}`]);
    });
    it('trims the email before checking it', () => {
      expect(addressSchema.parse({ ...canadian, email: ' ann@example.com ' }).email).toBe('ann@example.com');
    });
  });

  describe('phone', () => {
    it.each([
      ['ca', '(416) 555-0199'],
      ['ca', '+1 613 996 2181'],
      ['us', '+1 (212) 555-0100'],
      ['au', '+61 2 9374 4000'],
      ['de', '030 901820'],
      ['gb', '+44 20 7946 0958'],
      ['ch', '+41 44 668 18 00'],
      ['ky', '+1 345 949 0000'],
      ['kz', '+7 701 123 4567'],
    ])('accepts for %s: %s', (country, phone) => {
      expect(isPhoneValidForCountry(phone, country)).toBe(true);
    });
    it.each([
      ['ca', '+1 212 555 0100', 'a US number for a Canadian address'],
      ['us', '+1 416 555 0199', 'a Canadian number for a US address'],
      ['de', '+43 664 1231234', 'an Austrian number for a German address'],
      ['ca', '555-0199', 'too short'],
      ['ca', 'Phone: +1 416 555 0199', 'text around the number'],
      ['ca', '4165550199abc', 'letters'],
      ['ca', '+1 416 555 0199 ext. 5', 'an extension'],
      ['aq', '+672 12 345', 'a country without phone metadata'],
    ])('refuses for %s: %s (%s)', (country, phone) => {
      expect(isPhoneValidForCountry(phone, country)).toBe(false);
    });
    it('refuses non-strings', () => {
      expect(isPhoneValidForCountry(4165550199, 'ca')).toBe(false);
      expect(isPhoneValidForCountry('(416) 555-0199', null)).toBe(false);
    });
    it('says the expected format with the country’s example number', () => {
      expect(phoneInvalidMessage('ca')).toBe('Phone number like +1 506 234 5678 or (506) 234-5678.');
      expect(phoneInvalidMessage('de')).toBe('Phone number like +49 1512 3456789 or 01512 3456789.');
      expect(phoneInvalidMessage('aq')).toBe(MESSAGES.phoneInvalid);
    });
    it('reports an invalid phone on the phone field', () => {
      expect(issuesOf(addressSchema, { ...canadian, phone: '+1 212 555 0100' })).toEqual([
        `phone: ${phoneInvalidMessage('ca')}`,
      ]);
    });
  });

  it('refuses an unknown or malformed country', () => {
    expect(issuesOf(addressSchema, { ...german, country: 'zz', phone: null })).toEqual([
      `country: ${MESSAGES.countryUnknown}`,
    ]);
    expect(issuesOf(addressSchema, { ...german, country: 'deu' })).toEqual([
      `country: ${MESSAGES.countryCodeFormat}`,
    ]);
  });

  it('reports every problem at once, even with missing fields', () => {
    expect(
      issuesOf(addressSchema, {
        first_name: 'A',
        country: 'ca',
        postal_code: 'Q1A 1A1',
        street: 'No Number Road',
        email: 'x@y',
      }).sort(),
    ).toEqual(
      [
        'last_name: Invalid input: expected string, received undefined',
        'city: Invalid input: expected string, received undefined',
        `postal_code: ${MESSAGES.postalCodeInvalid}`,
        `street: ${MESSAGES.requiresNumber}`,
        `email: ${MESSAGES.emailInvalid}`,
      ].sort(),
    );
  });

  it('refuses what is not an object without throwing', () => {
    for (const input of [null, 'K1A 0B1', [], {}, { country: 5, region: 3, postal_code: 5 }]) {
      expect(addressSchema.safeParse(input).success).toBe(false);
      expect(addressFormSchema.safeParse(input).success).toBe(false);
    }
  });

  it('names the field inside a customer (the API answers 422 with it)', () => {
    const r = customerInputSchema.safeParse({
      name: 'Ann Lee',
      email: 'ann@example.com',
      billing_address: { ...canadian, postal_code: 'D1A 0B1', region: null },
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['billing_address.postal_code', MESSAGES.postalCodeInvalid],
    ]);
  });

  it('keeps the plain field schema for picking and partial updates', () => {
    expect(addressFieldsSchema.pick({ city: true }).parse({ city: 'Ottawa' })).toEqual({ city: 'Ottawa' });
    expect(addressFieldsSchema.partial().parse({})).toEqual({});
  });
});
