import { describe, expect, it } from 'vitest';
import {
  dialCodePrefix,
  filterCodeOptions,
  inferredRegion,
  regionAfterPostalCode,
  regionHint,
  regionsAfterCountryChange,
  tidyPhone,
  tidyPostalCode,
} from './address-form-logic.ts';

describe('the region a postal code gives', () => {
  it('gives the state of a US ZIP, the region of an Australian postcode, the Canadian province', () => {
    expect(inferredRegion('us', '98101')?.code).toBe('WA');
    expect(inferredRegion('us', '10001-1234')?.code).toBe('NY');
    expect(inferredRegion('au', '2000')?.code).toBe('NSW');
    expect(inferredRegion('AU', '3000')).toEqual({ code: 'VIC', name: 'Victoria', codes: ['VIC'] });
    expect(inferredRegion('ca', 'T2P 1J9')?.code).toBe('AB');
    expect(inferredRegion('ca', 'M5V 2T6')?.code).toBe('ON');
    expect(inferredRegion('ca', 'h3g1p1')?.code).toBe('QC');
  });

  it('waits for a complete, valid code', () => {
    expect(inferredRegion('ca', 'M5V')).toBeUndefined();
    expect(inferredRegion('ca', 'D1A 1A1')).toBeUndefined();
    expect(inferredRegion('us', '9810')).toBeUndefined();
    expect(inferredRegion('au', '200')).toBeUndefined();
  });

  it('lists every region of a code that serves two', () => {
    expect(inferredRegion('au', '2620')).toEqual({
      code: 'NSW',
      name: 'New South Wales',
      codes: ['NSW', 'ACT'],
    });
    expect(inferredRegion('us', '42223')?.codes).toEqual(['KY', 'TN']);
  });

  it('gives nothing where the rules give nothing', () => {
    expect(inferredRegion('us', '00601')).toBeUndefined();
    expect(inferredRegion('de', '10115')).toBeUndefined();
    expect(inferredRegion('', '98101')).toBeUndefined();
  });
});

describe('autofill when the postal code changes', () => {
  const us = { country: 'us', postalCode: '98101' };

  it('fills an empty, autofilled or saved region', () => {
    expect(regionAfterPostalCode({ ...us, current: '', source: null })).toBe('WA');
    expect(regionAfterPostalCode({ ...us, current: 'NY', source: 'auto' })).toBe('WA');
    expect(regionAfterPostalCode({ ...us, current: 'NY', source: null })).toBe('WA');
  });

  it('never replaces a region picked by hand', () => {
    expect(regionAfterPostalCode({ ...us, current: 'OR', source: 'hand' })).toBeUndefined();
    expect(
      regionAfterPostalCode({ country: 'ca', postalCode: 'M5V 2T6', current: 'QC', source: 'hand' }),
    ).toBeUndefined();
  });

  it('leaves the region when the code gives nothing or the same', () => {
    expect(regionAfterPostalCode({ ...us, current: 'wa', source: null })).toBeUndefined();
    expect(
      regionAfterPostalCode({ country: 'us', postalCode: '981', current: 'NY', source: 'auto' }),
    ).toBeUndefined();
    expect(
      regionAfterPostalCode({ country: 'au', postalCode: '2620', current: 'ACT', source: 'auto' }),
    ).toBeUndefined();
    expect(
      regionAfterPostalCode({ country: 'ca', postalCode: 'T2P 1J9', current: 'AB', source: null }),
    ).toBeUndefined();
  });
});

describe('the region when the country changes', () => {
  it('empties the field the new country does not use', () => {
    expect(
      regionsAfterCountryChange({ previous: 'us', country: 'ca', postalCode: '', region: '', state: 'WA' }),
    ).toEqual({ region: '', state: '', autofilled: false });
    expect(
      regionsAfterCountryChange({ previous: 'ca', country: 'us', postalCode: '', region: 'ON', state: '' }),
    ).toEqual({ region: '', state: '', autofilled: false });
  });

  it('keeps a code that belongs to the new country, in its saved form', () => {
    expect(
      regionsAfterCountryChange({ previous: '', country: 'ca', postalCode: '', region: 'on', state: '' }),
    ).toEqual({
      region: 'ON',
      state: '',
      autofilled: false,
    });
  });

  it('keeps free text between countries without a list, drops a listed code', () => {
    expect(
      regionsAfterCountryChange({
        previous: 'at',
        country: 'de',
        postalCode: '',
        region: 'Bayern',
        state: '',
      }).region,
    ).toBe('Bayern');
    expect(
      regionsAfterCountryChange({ previous: 'ca', country: 'de', postalCode: '', region: 'ON', state: '' })
        .region,
    ).toBe('');
  });

  it('fills the region from a postal code typed before the country', () => {
    expect(
      regionsAfterCountryChange({ previous: '', country: 'us', postalCode: '98101', region: '', state: '' }),
    ).toEqual({
      region: '',
      state: 'WA',
      autofilled: true,
    });
    expect(
      regionsAfterCountryChange({
        previous: 'de',
        country: 'au',
        postalCode: '2000',
        region: 'Bayern',
        state: '',
      }),
    ).toEqual({ region: 'NSW', state: '', autofilled: true });
  });
});

describe('the hint under the region', () => {
  it('says when the region came from the postal code', () => {
    expect(regionHint({ country: 'us', postalCode: '98101', current: 'WA', source: 'auto' })).toBe(
      'Filled in from the ZIP code.',
    );
    expect(regionHint({ country: 'au', postalCode: '2000', current: 'NSW', source: 'auto' })).toBe(
      'Filled in from the postcode.',
    );
    expect(regionHint({ country: 'us', postalCode: '98101', current: 'WA', source: 'hand' })).toBeUndefined();
  });

  it('leaves a mismatch to the errors on both fields', () => {
    expect(regionHint({ country: 'us', postalCode: '98101', current: 'OR', source: 'hand' })).toBeUndefined();
    expect(
      regionHint({ country: 'ca', postalCode: 'M5V 2T6', current: 'QC', source: 'hand' }),
    ).toBeUndefined();
  });

  it('says nothing without a region or an inferable code', () => {
    expect(regionHint({ country: 'us', postalCode: '98101', current: '', source: null })).toBeUndefined();
    expect(
      regionHint({ country: 'de', postalCode: '10115', current: 'Berlin', source: null }),
    ).toBeUndefined();
  });
});

describe('postal codes and phone prefixes', () => {
  it('writes a Canadian postal code as Canada Post does, others upper-case', () => {
    expect(tidyPostalCode('ca', ' m5v2t6 ')).toBe('M5V 2T6');
    expect(tidyPostalCode('ca', 'm5v')).toBe('M5V');
    expect(tidyPostalCode('gb', 'sw1a 1aa')).toBe('SW1A 1AA');
    expect(tidyPostalCode('de', '10115')).toBe('10115');
  });

  it('shows the calling code of the country before a national number', () => {
    expect(dialCodePrefix('ca', '')).toBe('+1');
    expect(dialCodePrefix('ca', '(416) 555-0199')).toBe('+1');
    expect(dialCodePrefix('au', '02 9374 4000')).toBe('+61');
    expect(dialCodePrefix('de', '030 1234567')).toBe('+49');
    expect(dialCodePrefix('ca', '+1 416 555 0199')).toBeUndefined();
    expect(dialCodePrefix('', '416')).toBeUndefined();
  });
});

describe('searching coded choices', () => {
  const provinces = [
    { code: 'NU', name: 'Nunavut' },
    { code: 'ON', name: 'Ontario' },
    { code: 'PE', name: 'Prince Edward Island' },
    { code: 'QC', name: 'Québec' },
    { code: 'YT', name: 'Yukon' },
  ];

  it('puts the exact code first, then names starting with the text', () => {
    expect(filterCodeOptions(provinces, 'on').map((p) => p.code)).toEqual(['ON', 'YT']);
    expect(filterCodeOptions(provinces, 'QC').map((p) => p.code)).toEqual(['QC']);
  });

  it('finds words inside names, ignoring accents and case', () => {
    expect(filterCodeOptions(provinces, 'edward').map((p) => p.code)).toEqual(['PE']);
    expect(filterCodeOptions(provinces, 'quebec').map((p) => p.code)).toEqual(['QC']);
  });

  it('shows every choice for empty text, none for no match', () => {
    expect(filterCodeOptions(provinces, ' ')).toHaveLength(5);
    expect(filterCodeOptions(provinces, 'zz')).toEqual([]);
  });
});

describe('phone numbers on leaving the field', () => {
  it('writes a number valid for the country internationally', () => {
    expect(tidyPhone('ca', '416 555 0199')).toBe('+1 416 555 0199');
    expect(tidyPhone('ca', '(416) 555-0199')).toBe('+1 416 555 0199');
    expect(tidyPhone('de', '030 901820')).toBe('+49 30 901820');
    expect(tidyPhone('au', '02 5550 0123')).toBe('+61 2 5550 0123');
    expect(tidyPhone('us', '+1 206 555 0123')).toBe('+1 206 555 0123');
  });

  it('leaves anything else as typed, for the schema to judge', () => {
    expect(tidyPhone('us', '416 555 0199')).toBe('416 555 0199');
    expect(tidyPhone('ca', '555')).toBe('555');
    expect(tidyPhone('', '416 555 0199')).toBe('416 555 0199');
    expect(tidyPhone('ca', null)).toBe('');
  });
});
