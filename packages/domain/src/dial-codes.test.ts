import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByAlpha2 } from './countries.ts';
import {
  callingCode,
  countriesWithDialCode,
  DIAL_CODE_DIFFERENCES,
  DIAL_CODES,
  dialCodeFor,
} from './dial-codes.ts';

const codesOf = (dial: string) =>
  countriesWithDialCode(dial)
    .map((d) => d.alpha2)
    .sort();

describe('the dial-code list', () => {
  it('has about 240 entries, one per country, each with name, "+" code and uppercase alpha2', () => {
    expect(DIAL_CODES).toHaveLength(243);
    expect(new Set(DIAL_CODES.map((d) => d.alpha2)).size).toBe(DIAL_CODES.length);
    for (const d of DIAL_CODES) {
      expect(Object.keys(d).sort()).toEqual(['alpha2', 'dial_code', 'name']);
      expect(d.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(d.dial_code).toMatch(/^\+ ?\d{1,4}$/);
      expect(d.name).toBe(countryByAlpha2(d.alpha2)?.names.en);
    }
  });

  it('is sorted by name', () => {
    const names = DIAL_CODES.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('matches libphonenumber-js for every entry except the listed deliberate differences', () => {
    const differences: Record<string, { listed: string; libphonenumber: string }> = {};
    for (const d of DIAL_CODES) {
      const authoritative = `+${getCountryCallingCode(d.alpha2 as CountryCode)}`;
      if (d.dial_code !== authoritative) {
        differences[d.alpha2] = { listed: d.dial_code, libphonenumber: authoritative };
      }
    }
    expect(differences).toEqual({
      KY: { listed: '+ 345', libphonenumber: '+1' },
      KZ: { listed: '+77', libphonenumber: '+7' },
    });
    for (const [alpha2, diff] of Object.entries(DIAL_CODE_DIFFERENCES)) {
      expect(differences[alpha2]).toEqual({ listed: diff.dial_code, libphonenumber: diff.calling_code });
      expect(diff.why.length).toBeGreaterThan(10);
    }
  });

  it('covers every ISO country libphonenumber-js knows, and only those', () => {
    const iso = new Set(COUNTRIES.map((c) => c.alpha2.toUpperCase()));
    const expected = getCountries()
      .filter((c) => iso.has(c))
      .sort();
    expect(DIAL_CODES.map((d) => d.alpha2).sort()).toEqual(expected);
    // ISO codes without a calling code of their own, and libphonenumber's non-ISO regions.
    const absent = [...iso].filter((c) => !dialCodeFor(c)).sort();
    expect(absent).toEqual(['AQ', 'BV', 'GS', 'HM', 'PN', 'TF', 'UM']);
    expect(dialCodeFor('AC')).toBeUndefined();
    expect(dialCodeFor('TA')).toBeUndefined();
  });
});

describe('the quirks of spec 02 §9', () => {
  it('shares +1 between Canada, the United States and the other NANP members', () => {
    const plusOne = codesOf('+1');
    expect(plusOne).toContain('CA');
    expect(plusOne).toContain('US');
    expect(plusOne).toContain('PR');
    expect(plusOne).toContain('JM');
    expect(plusOne).not.toContain('KY');
    expect(plusOne).toHaveLength(24);
  });
  it('shares +44 between the United Kingdom and the Crown Dependencies', () => {
    expect(codesOf('+44')).toEqual(['GB', 'GG', 'IM', 'JE']);
  });
  it('shares +61 between Australia, Christmas Island and the Cocos Islands', () => {
    expect(codesOf('+61')).toEqual(['AU', 'CC', 'CX']);
  });
  it('shares +358 between Finland and the Åland Islands', () => {
    expect(codesOf('+358')).toEqual(['AX', 'FI']);
  });
  it('writes the Cayman Islands code with a space after the plus sign', () => {
    expect(dialCodeFor('KY')).toEqual({ name: 'Cayman Islands', dial_code: '+ 345', alpha2: 'KY' });
    expect(codesOf('+345')).toEqual([]);
  });
  it('gives Kazakhstan +77, leaving +7 to Russia', () => {
    expect(dialCodeFor('kz')?.dial_code).toBe('+77');
    expect(codesOf('+7')).toEqual(['RU']);
  });
  it('lists exactly those two as deliberate differences', () => {
    expect(Object.keys(DIAL_CODE_DIFFERENCES).sort()).toEqual(['KY', 'KZ']);
  });
});

describe('lookups', () => {
  it('finds an entry case-insensitively, only for strings', () => {
    expect(dialCodeFor('ca')?.dial_code).toBe('+1');
    expect(dialCodeFor('De')?.dial_code).toBe('+49');
    expect(dialCodeFor(1)).toBeUndefined();
    expect(dialCodeFor(null)).toBeUndefined();
    expect(dialCodeFor('xx')).toBeUndefined();
  });
  it('gives the real calling code from libphonenumber-js, quirks aside', () => {
    expect(callingCode('ky')).toBe('+1');
    expect(callingCode('KZ')).toBe('+7');
    expect(callingCode('ch')).toBe('+41');
    expect(callingCode('aq')).toBeUndefined();
    expect(callingCode(41)).toBeUndefined();
  });
});
