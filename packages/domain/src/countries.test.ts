import fc from 'fast-check';
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_NAME_LANGUAGES,
  countriesIn,
  countryByAlpha2,
  countryName,
  countryNameSource,
  EU_MEMBER_CODES,
  isSupportedCountry,
  SUPPORTED_COUNTRIES,
  SUPPORTED_COUNTRY_CODES,
} from './countries.ts';

describe('the full country table', () => {
  it('has every ISO 3166-1 country from the maintained source, plus Kosovo', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(COUNTRIES.map((c) => c.alpha2.toUpperCase()).sort()).toEqual(
      Object.keys(countries.getAlpha2Codes()).sort(),
    );
    expect(countryByAlpha2('xk')?.id).toBe(983);
  });

  it('names 29 languages, in the spec order', () => {
    expect(COUNTRY_NAME_LANGUAGES).toEqual([
      ...['ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'eu', 'fi', 'fr', 'hu', 'it', 'ja'],
      ...['ko', 'lt', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'sk', 'sv', 'th', 'uk', 'zh', 'zh-tw'],
    ]);
  });

  it('has lowercase codes, a numeric id and a non-empty name in every language for every row', () => {
    const ids = new Set<number>();
    for (const c of COUNTRIES) {
      expect(c.alpha2).toMatch(/^[a-z]{2}$/);
      expect(c.alpha3).toMatch(/^[a-z]{3}$/);
      expect(Number.isInteger(c.id) && c.id > 0 && c.id < 1000).toBe(true);
      ids.add(c.id);
      for (const lang of COUNTRY_NAME_LANGUAGES) expect(c.names[lang].trim().length).toBeGreaterThan(0);
    }
    expect(ids.size).toBe(COUNTRIES.length);
  });

  it('agrees with the source on codes', () => {
    for (const c of COUNTRIES) {
      expect(countries.alpha2ToAlpha3(c.alpha2.toUpperCase())?.toLowerCase()).toBe(c.alpha3);
      expect(Number(countries.alpha2ToNumeric(c.alpha2.toUpperCase()))).toBe(c.id);
    }
  });

  it.each([
    ['ca', 124, 'can', 'Canada', 'Kanada', 'カナダ', '加拿大'],
    ['de', 276, 'deu', 'Germany', 'Deutschland', 'ドイツ', '德國'],
    ['ch', 756, 'che', 'Switzerland', 'Schweiz', 'スイス', '瑞士'],
    ['za', 710, 'zaf', 'South Africa', 'Südafrika', '南アフリカ', '南非'],
  ])('%s is %i/%s with names in several languages', (alpha2, id, alpha3, enName, deName, jaName, zhTw) => {
    const c = countryByAlpha2(alpha2);
    expect(c).toMatchObject({ id, alpha3 });
    expect(c?.names.en).toBe(enName);
    expect(c?.names.de).toBe(deName);
    expect(c?.names.ja).toBe(jaName);
    expect(c?.names['zh-tw']).toBe(zhTw);
  });

  it('takes zh-tw from Intl.DisplayNames in Traditional characters, and the rest from the package', () => {
    expect(countryNameSource('zh-tw')).toBe('Intl.DisplayNames');
    for (const lang of COUNTRY_NAME_LANGUAGES.filter((l) => l !== 'zh-tw')) {
      expect(countryNameSource(lang)).toBe('i18n-iso-countries');
    }
    const display = new Intl.DisplayNames(['zh-TW'], { type: 'region' });
    for (const c of COUNTRIES) expect(c.names['zh-tw']).toBe(display.of(c.alpha2.toUpperCase()));
    // Simplified 国 (zh) against Traditional 國 (zh-tw).
    expect(countryName('us', 'zh')).toContain('国');
    expect(countryName('us', 'zh-tw')).toContain('國');
  });

  it('takes each package language from its locale file', () => {
    for (const lang of COUNTRY_NAME_LANGUAGES.filter((l) => l !== 'zh-tw')) {
      expect(countryName('fr', lang)).toBe(countries.getName('FR', lang, { select: 'official' }));
    }
    expect(countryName('no', 'no')).toBe('Norge');
    expect(countryName('fi', 'eu')).toBe('Finlandia');
  });
});

describe('countryByAlpha2', () => {
  it('is case-insensitive', () => {
    expect(countryByAlpha2('CA')?.alpha2).toBe('ca');
    expect(countryByAlpha2('cA')?.alpha2).toBe('ca');
  });
  it.each([[124], [null], [undefined], [{ alpha2: 'ca' }], [['ca']], [true]])(
    'finds nothing for the non-string %j',
    (input) => {
      expect(countryByAlpha2(input)).toBeUndefined();
    },
  );
  it.each([[''], ['zz'], ['can'], [' ca'], ['c']])('finds nothing for %j', (input) => {
    expect(countryByAlpha2(input)).toBeUndefined();
  });
  it('finds every row by its code in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRIES), fc.boolean(), fc.boolean(), (c, up1, up2) => {
        const [a, b] = c.alpha2;
        const code = `${up1 ? a?.toUpperCase() : a}${up2 ? b?.toUpperCase() : b}`;
        return countryByAlpha2(code) === c;
      }),
    );
  });
});

describe('the supported countries', () => {
  it('are the 27 EU members and the ten the spec names: 37', () => {
    expect(EU_MEMBER_CODES).toHaveLength(27);
    expect(SUPPORTED_COUNTRY_CODES).toHaveLength(37);
    expect(SUPPORTED_COUNTRIES).toHaveLength(37);
    for (const code of ['au', 'ca', 'qa', 'za', 'ch', 'rs', 'is', 'no', 'gb', 'us']) {
      expect(SUPPORTED_COUNTRY_CODES).toContain(code);
    }
    for (const code of ['li', 'ua', 'tr', 'nz', 'mx', 'jp'])
      expect(SUPPORTED_COUNTRY_CODES).not.toContain(code);
  });
  it('are rows of the full table (derived by alpha2)', () => {
    for (const c of SUPPORTED_COUNTRIES) expect(countryByAlpha2(c.alpha2)).toBe(c);
    expect(SUPPORTED_COUNTRIES.map((c) => c.alpha2)).toEqual([...SUPPORTED_COUNTRY_CODES]);
  });
  it('are mostly European', () => {
    const nonEuropean = ['au', 'ca', 'qa', 'za', 'us'];
    expect(SUPPORTED_COUNTRY_CODES.filter((c) => !nonEuropean.includes(c))).toHaveLength(32);
  });
  it('answers isSupportedCountry case-insensitively and only for strings', () => {
    expect(isSupportedCountry('CA')).toBe(true);
    expect(isSupportedCountry('de')).toBe(true);
    expect(isSupportedCountry('li')).toBe(false);
    expect(isSupportedCountry(124)).toBe(false);
  });
});

describe('countriesIn', () => {
  it('gives the spec row shape in one language, sorted by name in that language', () => {
    const rows = countriesIn('de', SUPPORTED_COUNTRIES);
    expect(rows[0]).toEqual({ id: 36, alpha2: 'au', alpha3: 'aus', name: 'Australien' });
    expect(rows.find((r) => r.alpha2 === 'at')).toEqual({
      id: 40,
      alpha2: 'at',
      alpha3: 'aut',
      name: 'Österreich',
    });
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    // German collation sorts Ö with O: after Norwegen, before Polen (a code-point sort puts it last).
    expect(names.indexOf('Norwegen')).toBeLessThan(names.indexOf('Österreich'));
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
  });
  it('covers the whole table by default', () => {
    expect(countriesIn('zh-tw')).toHaveLength(COUNTRIES.length);
  });
});
