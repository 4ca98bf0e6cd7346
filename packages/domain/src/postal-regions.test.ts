import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CA_FIRST_LETTERS, CA_OTHER_LETTERS, provinceForPostalCode } from './postal-codes.ts';
import {
  AU_POSTCODES_ACROSS_BORDERS,
  CANADIAN_POSTAL_LETTERS,
  CANADIAN_X_AREAS,
  postalCodeNoun,
  postalRegionMismatch,
  provincesOfCanadianPostalCode,
  regionInSentence,
  regionsOfAuPostcode,
  regionsOfPostalCode,
  statesOfUsZip,
  US_ZIPS_ACROSS_STATES,
} from './postal-regions.ts';
import {
  AUSTRALIAN_REGIONS,
  CANADIAN_PROVINCES,
  regionByCode,
  regionForAuPostcode,
  regionsForCountry,
  stateForUsZip,
  US_STATES,
} from './regions.ts';

const codes = (regions: readonly { region: string }[]) => regions.map((r) => r.region);

const canadianCode = fc
  .tuple(
    fc.constantFrom(...CA_FIRST_LETTERS),
    fc.nat(9),
    fc.constantFrom(...CA_OTHER_LETTERS),
    fc.nat(9),
    fc.constantFrom(...CA_OTHER_LETTERS),
    fc.nat(9),
  )
  .map(([a, b, c, d, e, f]) => `${a}${b}${c} ${d}${e}${f}`);

describe('Canada: the province of a postal code (Canada Post first letters)', () => {
  it.each([
    ['A1C 5M2', 'NL'],
    ['B3H 4R2', 'NS'],
    ['C1A 4P3', 'PE'],
    ['E1C 4M3', 'NB'],
    ['G1R 4P5', 'QC'],
    ['H2X 1Y4', 'QC'],
    ['J8X 3X7', 'QC'],
    ['K1A 0B1', 'ON'],
    ['L5B 2C9', 'ON'],
    ['M5V 3L9', 'ON'],
    ['N2L 3G1', 'ON'],
    ['P3A 5K8', 'ON'],
    ['R3C 4T3', 'MB'],
    ['S4P 3Y2', 'SK'],
    ['T2P 1J9', 'AB'],
    ['T5J 2R7', 'AB'],
    ['V6B 4Y8', 'BC'],
    ['X1A 2N1', 'NT'],
    ['X0E 0N0', 'NT'],
    ['X0G 0A0', 'NT'],
    ['X0A 0H0', 'NU'],
    ['X0B 0C0', 'NU'],
    ['X0C 0G0', 'NU'],
    ['Y1A 1B1', 'YT'],
    ['t2p1j9', 'AB'],
  ])('%s is in %s', (code, province) => {
    expect(codes(provincesOfCanadianPostalCode(code))).toEqual([province]);
  });

  it('gives both territories for an X code outside the known areas', () => {
    expect(codes(provincesOfCanadianPostalCode('X5A 1A1'))).toEqual(['NT', 'NU']);
  });

  it.each([['D1A 1A1'], ['K1A'], [''], [12345], [null]])('gives nothing for %j', (code) => {
    expect(provincesOfCanadianPostalCode(code)).toEqual([]);
  });

  it('has a province for every first letter a postal code may start with, and only those', () => {
    expect(Object.keys(CANADIAN_POSTAL_LETTERS).sort().join('')).toBe(CA_FIRST_LETTERS);
    const reached = new Set(Object.values(CANADIAN_POSTAL_LETTERS).flat());
    expect([...reached].sort()).toEqual(codes(CANADIAN_PROVINCES).sort());
    for (const [area, province] of Object.entries(CANADIAN_X_AREAS)) {
      expect(area[0]).toBe('X');
      expect(CANADIAN_POSTAL_LETTERS.X).toContain(province);
    }
  });

  it('agrees with the spec inference table wherever that gives a province', () => {
    fc.assert(
      fc.property(canadianCode, (code) => {
        const spec = provinceForPostalCode(code);
        const given = codes(provincesOfCanadianPostalCode(code));
        return given.length >= 1 && (spec === undefined || (given.length === 1 && given[0] === spec));
      }),
      { numRuns: 300 },
    );
  });
});

describe('United States: the states of a ZIP', () => {
  it('gives the prefix state, and both states for a ZIP across a state line', () => {
    expect(codes(statesOfUsZip('10036'))).toEqual(['NY']);
    expect(codes(statesOfUsZip('42223'))).toEqual(['KY', 'TN']);
    expect(codes(statesOfUsZip('42223-0001'))).toEqual(['KY', 'TN']);
    expect(codes(statesOfUsZip('73960'))).toEqual(['TX']);
    expect(statesOfUsZip('00601')).toEqual([]);
    expect(statesOfUsZip('abc')).toEqual([]);
  });

  it('lists the prefix state first for every ZIP across states, then another known state', () => {
    for (const [zip, states] of Object.entries(US_ZIPS_ACROSS_STATES)) {
      expect(states[0], zip).toBe(stateForUsZip(zip)?.region);
      expect(states).toHaveLength(2);
      expect(new Set(states).size).toBe(2);
      for (const s of states) expect(codes(US_STATES)).toContain(s);
    }
  });
});

describe('Australia: the states of a postcode', () => {
  it('gives the range state, and every state of a postcode shared across a border', () => {
    expect(codes(regionsOfAuPostcode('2000'))).toEqual(['NSW']);
    expect(codes(regionsOfAuPostcode('2600'))).toEqual(['ACT']);
    expect(codes(regionsOfAuPostcode('2620'))).toEqual(['NSW', 'ACT']);
    expect(codes(regionsOfAuPostcode('0872'))).toEqual(['NT', 'SA', 'WA']);
    expect(regionsOfAuPostcode('6798')).toEqual([]);
    expect(regionsOfAuPostcode('200')).toEqual([]);
  });

  it('lists the range state first for every shared postcode, then other known states', () => {
    for (const [postcode, regions] of Object.entries(AU_POSTCODES_ACROSS_BORDERS)) {
      expect(regions[0], postcode).toBe(regionForAuPostcode(postcode)?.region);
      expect(new Set(regions).size).toBe(regions.length);
      for (const r of regions) expect(codes(AUSTRALIAN_REGIONS)).toContain(r);
    }
  });
});

describe('postalRegionMismatch', () => {
  it('names the field and the regions the code gives', () => {
    expect(postalRegionMismatch('ca', 'T2P 1J9', 'ON')).toEqual({
      field: 'region',
      regions: [regionByCode('ca', 'AB')],
    });
    expect(postalRegionMismatch('US', '10036', 'nj')).toEqual({
      field: 'state',
      regions: [regionByCode('us', 'NY')],
    });
  });

  it.each([
    ['ca', 'T2P 1J9', 'ab'],
    ['ca', 'T2P 1J9', ''],
    ['ca', 'T2P 1J9', 'Alberta'],
    ['ca', 'D1A 1A1', 'ON'],
    ['us', '00601', 'NY'],
    ['au', '2620', 'ACT'],
    ['de', '10115', 'BE'],
    ['ca', 'T2P 1J9', null],
  ])('finds none for %s %s %j', (country, postal, region) => {
    expect(postalRegionMismatch(country, postal, region)).toBeUndefined();
  });

  it('is a mismatch exactly when the region is listed for the country and the code does not give it', () => {
    const country = fc.constantFrom('ca', 'us', 'au');
    const postal = fc.oneof(
      canadianCode,
      fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, '0')),
      fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    );
    fc.assert(
      fc.property(country, postal, fc.nat(63), (alpha2, code, pick) => {
        const list = regionsForCountry(alpha2);
        const region = list[pick % list.length]!.region;
        const given = codes(regionsOfPostalCode(alpha2, code).regions);
        const mismatch = postalRegionMismatch(alpha2, code, region);
        return given.length > 0 && !given.includes(region)
          ? codes(mismatch?.regions ?? []).join() === given.join()
          : mismatch === undefined;
      }),
      { numRuns: 300 },
    );
  });
});

describe('the words', () => {
  it('names the postal code as each country does', () => {
    expect(postalCodeNoun('us')).toBe('ZIP code');
    expect(postalCodeNoun('AU')).toBe('postcode');
    expect(postalCodeNoun('ca')).toBe('postal code');
    expect(postalCodeNoun(undefined)).toBe('postal code');
  });

  it('puts "the" before a territory or a district', () => {
    expect(regionInSentence(regionByCode('ca', 'NT')!)).toBe('the Northwest Territories');
    expect(regionInSentence(regionByCode('us', 'DC')!)).toBe('the District of Columbia');
    expect(regionInSentence(regionByCode('au', 'ACT')!)).toBe('the Australian Capital Territory');
    expect(regionInSentence(regionByCode('ca', 'AB')!)).toBe('Alberta');
    expect(regionInSentence(regionByCode('ca', 'YT')!)).toBe('Yukon');
  });
});
