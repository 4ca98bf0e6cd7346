import fc from 'fast-check';
import { iso31662 } from 'iso-3166';
import { describe, expect, it } from 'vitest';
import {
  AU_POSTCODE_RANGES,
  AUSTRALIAN_REGIONS,
  CANADIAN_PROVINCES,
  COUNTRIES_WITH_REGIONS,
  type CodeRange,
  ITALIAN_PROVINCES,
  NORTH_AMERICAN_REGIONS,
  provinceByCode,
  type Region,
  regionByCode,
  regionFieldFor,
  regionForAuPostcode,
  regionsForCountry,
  SPANISH_PROVINCES,
  stateForUsZip,
  US_STATES,
  US_ZIP_RANGES,
} from './regions.ts';

/** ISO 3166-2 subdivisions of a country from the `iso-3166` package: code suffix -> entry. */
const iso = (alpha2: string) =>
  new Map(
    iso31662
      .filter((s) => s.code.startsWith(`${alpha2.toUpperCase()}-`))
      .map((s) => [s.code.slice(3), { name: s.name, parent: s.parent }]),
  );

const asPairs = (list: readonly Region[]) => list.map((r) => [r.region, r.name]);

describe('the region lists against ISO 3166-2', () => {
  it('has the 13 Canadian provinces and territories, in the spec order, as ISO names them', () => {
    expect(CANADIAN_PROVINCES.map((r) => r.region)).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NS',
      'ON',
      'PE',
      'QC',
      'SK',
      'NT',
      'NU',
      'YT',
    ]);
    const source = iso('ca');
    expect(source.size).toBe(13);
    for (const r of CANADIAN_PROVINCES) expect(r.name).toBe(source.get(r.region)?.name);
  });

  it('has the 50 US states and DC, and ISO lists only the outlying areas besides', () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.filter((r) => r.region !== 'DC')).toHaveLength(50);
    const source = iso('us');
    for (const r of US_STATES) expect(r.name).toBe(source.get(r.region)?.name);
    const notListed = [...source.keys()].filter((code) => !regionByCode('us', code)).sort();
    expect(notListed).toEqual(['AS', 'GU', 'MP', 'PR', 'UM', 'VI']);
    expect(regionByCode('us', 'dc')?.name).toBe('District of Columbia');
  });

  it('has the 8 Australian states and territories', () => {
    expect(asPairs(AUSTRALIAN_REGIONS)).toEqual([...iso('au')].map(([code, s]) => [code, s.name]));
    expect(AUSTRALIAN_REGIONS.map((r) => r.region)).toEqual([
      'ACT',
      'NSW',
      'NT',
      'QLD',
      'SA',
      'TAS',
      'VIC',
      'WA',
    ]);
  });

  it('combines Canada and the United States only; Australia is separate', () => {
    expect(NORTH_AMERICAN_REGIONS).toHaveLength(64);
    expect(NORTH_AMERICAN_REGIONS).toEqual([...CANADIAN_PROVINCES, ...US_STATES]);
    expect(new Set(NORTH_AMERICAN_REGIONS.map((r) => r.alpha2))).toEqual(new Set(['ca', 'us']));
  });

  it('has every Italian province of ISO 3166-2 plus Aosta, the one deliberate addition', () => {
    const source = iso('it');
    const provinces = [...source].filter(([code]) => /^[A-Z]{2}$/.test(code));
    expect(provinces).toHaveLength(106);
    for (const [code, s] of provinces) expect(regionByCode('it', code)?.name).toBe(s.name);
    const additions = ITALIAN_PROVINCES.filter((r) => !source.has(r.region)).map((r) => r.region);
    expect(additions).toEqual(['AO']);
    expect(ITALIAN_PROVINCES).toHaveLength(107);
    // Regions (numeric ISO codes) are not provinces.
    expect(regionByCode('it', '25')).toBeUndefined();
    expect(regionByCode('it', 'mi')?.name).toBe('Milano');
  });

  it('has the 50 Spanish provinces plus Ceuta and Melilla, and no autonomous community', () => {
    const source = iso('es');
    expect(SPANISH_PROVINCES).toHaveLength(52);
    for (const r of SPANISH_PROVINCES) {
      const s = source.get(r.region);
      expect(s?.name).toBe(r.name);
      // A province's parent is its community; Ceuta and Melilla stand alone.
      expect(s?.parent === 'ES').toBe(r.region === 'CE' || r.region === 'ML');
    }
    expect(regionByCode('es', 'm')?.name).toBe('Madrid');
    expect(regionByCode('es', 'MD')).toBeUndefined(); // Comunidad de Madrid: a community
    expect(regionByCode('es', 'PM')?.name).toBe('Illes Balears');
  });

  it.each([
    ['us', 'en'],
    ['it', 'it'],
    ['es', 'es'],
  ])('sorts the %s list by name', (alpha2, lang) => {
    const names = regionsForCountry(alpha2).map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator(lang).compare));
  });

  it('uses lowercase country codes and unique region codes in every list', () => {
    for (const alpha2 of COUNTRIES_WITH_REGIONS) {
      const list = regionsForCountry(alpha2);
      expect(new Set(list.map((r) => r.region)).size).toBe(list.length);
      for (const r of list) {
        expect(r.alpha2).toBe(alpha2);
        expect(r.region).toMatch(/^[A-Z]{1,3}$/);
      }
    }
  });
});

describe('regionsForCountry and regionFieldFor', () => {
  it('follows the country, case-insensitively', () => {
    expect(regionsForCountry('CA')).toBe(CANADIAN_PROVINCES);
    expect(regionsForCountry('us')).toBe(US_STATES);
    expect(regionsForCountry('Au')).toBe(AUSTRALIAN_REGIONS);
    expect(regionsForCountry('it')).toBe(ITALIAN_PROVINCES);
    expect(regionsForCountry('es')).toBe(SPANISH_PROVINCES);
    expect(regionsForCountry('de')).toEqual([]);
    expect(regionsForCountry(undefined)).toEqual([]);
  });
  it('puts the US state in `state` and every other region in `region`', () => {
    expect(regionFieldFor('us')).toBe('state');
    expect(regionFieldFor('US')).toBe('state');
    for (const alpha2 of ['ca', 'au', 'it', 'es', 'de']) expect(regionFieldFor(alpha2)).toBe('region');
  });
});

describe('provinceByCode', () => {
  it.each(CANADIAN_PROVINCES.map((p) => [p.region, p.name]))('finds %s in any case', (code, name) => {
    expect(provinceByCode(code)?.name).toBe(name);
    expect(provinceByCode(code.toLowerCase())?.name).toBe(name);
  });
  it.each([[null], [undefined], [1], [{ region: 'ON' }], [['ON']], [''], ['ONT'], ['NY'], ['Ontario']])(
    'finds nothing for %j',
    (input) => {
      expect(provinceByCode(input)).toBeUndefined();
    },
  );
});

const coverage = (ranges: readonly CodeRange[]) => {
  const seen = new Map<number, string>();
  for (const [from, to, region] of ranges) {
    expect(from).toBeLessThanOrEqual(to);
    for (let n = from; n <= to; n++) if (!seen.has(n)) seen.set(n, region);
  }
  return seen;
};

describe('stateForUsZip', () => {
  it.each([
    ['90210', 'CA'],
    ['96150', 'CA'],
    ['10001', 'NY'],
    ['00501', 'NY'],
    ['06390', 'NY'],
    ['14850', 'NY'],
    ['02108', 'MA'],
    ['05501', 'MA'],
    ['02903', 'RI'],
    ['03301', 'NH'],
    ['04101', 'ME'],
    ['05401', 'VT'],
    ['05602', 'VT'],
    ['06103', 'CT'],
    ['07102', 'NJ'],
    ['08608', 'NJ'],
    ['19103', 'PA'],
    ['19801', 'DE'],
    ['20001', 'DC'],
    ['20500', 'DC'],
    ['56901', 'DC'],
    ['20146', 'VA'],
    ['23219', 'VA'],
    ['20910', 'MD'],
    ['25301', 'WV'],
    ['27601', 'NC'],
    ['29201', 'SC'],
    ['30303', 'GA'],
    ['39901', 'GA'],
    ['32801', 'FL'],
    ['33101', 'FL'],
    ['34102', 'FL'],
    ['35203', 'AL'],
    ['37203', 'TN'],
    ['38655', 'MS'],
    ['40202', 'KY'],
    ['43215', 'OH'],
    ['46204', 'IN'],
    ['48226', 'MI'],
    ['50309', 'IA'],
    ['53202', 'WI'],
    ['55401', 'MN'],
    ['57104', 'SD'],
    ['58102', 'ND'],
    ['59601', 'MT'],
    ['60601', 'IL'],
    ['63101', 'MO'],
    ['66101', 'KS'],
    ['68102', 'NE'],
    ['70112', 'LA'],
    ['72201', 'AR'],
    ['73102', 'OK'],
    ['74103', 'OK'],
    ['73301', 'TX'],
    ['75201', 'TX'],
    ['79901', 'TX'],
    ['88510', 'TX'],
    ['80202', 'CO'],
    ['82001', 'WY'],
    ['83414', 'WY'],
    ['73960', 'TX'],
    ['73949', 'OK'],
    ['83702', 'ID'],
    ['84111', 'UT'],
    ['85004', 'AZ'],
    ['87102', 'NM'],
    ['89101', 'NV'],
    ['96813', 'HI'],
    ['97201', 'OR'],
    ['98101', 'WA'],
    ['99501', 'AK'],
    ['12345-6789', 'NY'],
  ])('%s is in %s', (zip, state) => {
    expect(stateForUsZip(zip)?.region).toBe(state);
  });

  it.each([
    ['00601', 'Puerto Rico'],
    ['00802', 'US Virgin Islands'],
    ['09001', 'military mail (AE)'],
    ['34001', 'military mail (AA)'],
    ['96201', 'military mail (AP)'],
    ['96799', 'American Samoa'],
    ['96910', 'Guam'],
    ['00000', 'nothing'],
  ])('%s gives no state (%s)', (zip) => {
    expect(stateForUsZip(zip)).toBeUndefined();
  });

  it.each([['1234'], ['123456'], ['12345-67'], ['1234a'], ['12345 6789'], [12345], [null]])(
    'gives nothing for the non-ZIP %j',
    (zip) => {
      expect(stateForUsZip(zip)).toBeUndefined();
    },
  );

  it('reaches every state and DC, and gives only listed states', () => {
    const seen = coverage(US_ZIP_RANGES);
    const states = new Set([...seen.values()].filter((s) => s !== ''));
    expect([...states].sort()).toEqual(US_STATES.map((s) => s.region).sort());
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (n) => {
        const zip = String(n).padStart(5, '0');
        const state = stateForUsZip(zip);
        return state === undefined ? (seen.get(n) ?? '') === '' : state.region === seen.get(n);
      }),
    );
  });

  it('has no overlap among the prefix ranges (exceptions aside)', () => {
    const prefixRanges = US_ZIP_RANGES.slice(4);
    const sorted = [...prefixRanges].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBeGreaterThan(sorted[i - 1]![1]);
    for (const [from, to] of US_ZIP_RANGES.slice(0, 4)) {
      expect(from).toBe(to);
      expect(prefixRanges.some(([a, b]) => from >= a && from <= b)).toBe(true);
    }
  });
});

describe('regionForAuPostcode', () => {
  it.each([
    ['0200', 'ACT'],
    ['2600', 'ACT'],
    ['2618', 'ACT'],
    ['2900', 'ACT'],
    ['2920', 'ACT'],
    ['0800', 'NT'],
    ['0872', 'NT'],
    ['0999', 'NT'],
    ['1000', 'NSW'],
    ['2000', 'NSW'],
    ['2599', 'NSW'],
    ['2619', 'NSW'],
    ['2899', 'NSW'],
    ['2921', 'NSW'],
    ['3000', 'VIC'],
    ['8001', 'VIC'],
    ['4000', 'QLD'],
    ['9726', 'QLD'],
    ['5000', 'SA'],
    ['6000', 'WA'],
    ['6797', 'WA'],
    ['6800', 'WA'],
    ['7000', 'TAS'],
    ['7999', 'TAS'],
  ])('%s is in %s', (postcode, region) => {
    expect(regionForAuPostcode(postcode)?.region).toBe(region);
  });

  it.each([
    ['6798'],
    ['6799'],
    ['0100'],
    ['0000'],
    ['0300'],
    ['200'],
    ['20000'],
    ['2OOO'],
    [2000],
    [undefined],
  ])('gives no region for %j', (postcode) => {
    expect(regionForAuPostcode(postcode)).toBeUndefined();
  });

  it('has non-overlapping ranges that reach all 8 states and territories', () => {
    const sorted = [...AU_POSTCODE_RANGES].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]![0]).toBeGreaterThan(sorted[i - 1]![1]);
    expect(new Set(AU_POSTCODE_RANGES.map((r) => r[2]))).toEqual(
      new Set(AUSTRALIAN_REGIONS.map((r) => r.region)),
    );
    const seen = coverage(AU_POSTCODE_RANGES);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), (n) => {
        const region = regionForAuPostcode(String(n).padStart(4, '0'));
        return region?.region === seen.get(n);
      }),
    );
  });
});
