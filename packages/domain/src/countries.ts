/**
 * The full country table and the supported-countries list (spec 02 §3 "Static reference data").
 *
 * Codes and names come from maintained sources, never from a hand-typed list:
 * - `i18n-iso-countries`: ISO 3166-1 numeric, alpha-2 and alpha-3 codes, and the names in 28 of the
 *   29 languages the spec lists;
 * - the runtime's `Intl.DisplayNames` (ICU/CLDR) for the one language that package lacks: `zh-tw`
 *   (Traditional Chinese as written in Taiwan).
 * docs/reference-data.md names the versions.
 */
import countries, { type LocaleData } from 'i18n-iso-countries';
import ar from 'i18n-iso-countries/langs/ar.json' with { type: 'json' };
import bg from 'i18n-iso-countries/langs/bg.json' with { type: 'json' };
import cs from 'i18n-iso-countries/langs/cs.json' with { type: 'json' };
import da from 'i18n-iso-countries/langs/da.json' with { type: 'json' };
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import el from 'i18n-iso-countries/langs/el.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import et from 'i18n-iso-countries/langs/et.json' with { type: 'json' };
import eu from 'i18n-iso-countries/langs/eu.json' with { type: 'json' };
import fi from 'i18n-iso-countries/langs/fi.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import hu from 'i18n-iso-countries/langs/hu.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import ja from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };
import ko from 'i18n-iso-countries/langs/ko.json' with { type: 'json' };
import lt from 'i18n-iso-countries/langs/lt.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import no from 'i18n-iso-countries/langs/no.json' with { type: 'json' };
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import ro from 'i18n-iso-countries/langs/ro.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import sk from 'i18n-iso-countries/langs/sk.json' with { type: 'json' };
import sv from 'i18n-iso-countries/langs/sv.json' with { type: 'json' };
import th from 'i18n-iso-countries/langs/th.json' with { type: 'json' };
import uk from 'i18n-iso-countries/langs/uk.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };

/** The 29 languages of the country names (spec 02 §3), in the spec's order. */
export const COUNTRY_NAME_LANGUAGES = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'eu',
  'fi',
  'fr',
  'hu',
  'it',
  'ja',
  'ko',
  'lt',
  'nl',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sv',
  'th',
  'uk',
  'zh',
  'zh-tw',
] as const;
export type CountryNameLanguage = (typeof COUNTRY_NAME_LANGUAGES)[number];

/** Languages whose names come from i18n-iso-countries. */
const PACKAGE_LOCALES: Record<Exclude<CountryNameLanguage, 'zh-tw'>, LocaleData> = {
  ar,
  bg,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  eu,
  fi,
  fr,
  hu,
  it,
  ja,
  ko,
  lt,
  nl,
  no,
  pl,
  pt,
  ro,
  ru,
  sk,
  sv,
  th,
  uk,
  zh,
};

/** Languages whose names come from `Intl.DisplayNames`, with the BCP 47 tag asked of it. */
const INTL_LOCALES = { 'zh-tw': 'zh-TW' } as const satisfies Partial<Record<CountryNameLanguage, string>>;

/** Which source serves a language: the test and the docs read this. */
export function countryNameSource(lang: CountryNameLanguage): 'i18n-iso-countries' | 'Intl.DisplayNames' {
  return lang in INTL_LOCALES ? 'Intl.DisplayNames' : 'i18n-iso-countries';
}

/** The BCP 47 tag of a name language, for `Intl.Collator` and friends (`zh-tw` -> `zh-TW`). */
export function bcp47(lang: CountryNameLanguage): string {
  return lang === 'zh-tw' ? 'zh-TW' : lang;
}

for (const data of Object.values(PACKAGE_LOCALES)) countries.registerLocale(data);

/** One row of the full country table. */
export interface Country {
  /** ISO 3166-1 numeric code, as a number (Canada: 124). */
  id: number;
  /** ISO 3166-1 alpha-2, lowercase (`ca`). */
  alpha2: string;
  /** ISO 3166-1 alpha-3, lowercase (`can`). */
  alpha3: string;
  /** The country's name in each of the 29 languages. */
  names: Readonly<Record<CountryNameLanguage, string>>;
}

function buildTable(): readonly Country[] {
  const intl = Object.fromEntries(
    Object.entries(INTL_LOCALES).map(([lang, tag]) => [
      lang,
      new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' }),
    ]),
  );
  const rows: Country[] = [];
  for (const [alpha2Upper, alpha3Upper] of Object.entries(countries.getAlpha2Codes())) {
    const numeric = countries.alpha2ToNumeric(alpha2Upper);
    if (numeric === undefined) throw new Error(`i18n-iso-countries has no numeric code for ${alpha2Upper}`);
    const names = {} as Record<CountryNameLanguage, string>;
    for (const lang of COUNTRY_NAME_LANGUAGES) {
      const display = intl[lang];
      const name = display
        ? display.of(alpha2Upper)
        : countries.getName(alpha2Upper, lang, { select: 'official' });
      if (!name) throw new Error(`no ${lang} name for ${alpha2Upper} from ${countryNameSource(lang)}`);
      names[lang] = name;
    }
    rows.push({
      id: Number(numeric),
      alpha2: alpha2Upper.toLowerCase(),
      alpha3: alpha3Upper.toLowerCase(),
      names: Object.freeze(names),
    });
  }
  rows.sort((a, b) => (a.alpha2 < b.alpha2 ? -1 : 1));
  return Object.freeze(rows.map((r) => Object.freeze(r)));
}

/** Every country and territory with an ISO 3166-1 code (plus Kosovo, `xk`), sorted by alpha2. */
export const COUNTRIES: readonly Country[] = buildTable();

const BY_ALPHA2 = new Map(COUNTRIES.map((c) => [c.alpha2, c]));

/**
 * The country with this alpha-2 code, case-insensitive; `undefined` for an unknown code and for
 * anything that is not a string (spec 02 §5: "only work when the input is a string").
 */
export function countryByAlpha2(alpha2: unknown): Country | undefined {
  if (typeof alpha2 !== 'string') return undefined;
  return BY_ALPHA2.get(alpha2.toLowerCase());
}

/** The country's name in a language; `undefined` for an unknown code. */
export function countryName(alpha2: unknown, lang: CountryNameLanguage = 'en'): string | undefined {
  return countryByAlpha2(alpha2)?.names[lang];
}

/**
 * The supported countries (spec 02 §3: "about 37, mostly European, plus Australia, Canada, Qatar,
 * South Africa, Switzerland, Serbia, Iceland, Norway, the United Kingdom and the United States").
 * We read "mostly European" as the 27 member states of the European Union; with the ten countries
 * the spec names that makes exactly 37. Liechtenstein (EEA, not EU, not named) is not in it.
 */
export const EU_MEMBER_CODES = [
  'at',
  'be',
  'bg',
  'cy',
  'cz',
  'de',
  'dk',
  'ee',
  'es',
  'fi',
  'fr',
  'gr',
  'hr',
  'hu',
  'ie',
  'it',
  'lt',
  'lu',
  'lv',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'se',
  'si',
  'sk',
] as const;

/** The ten countries spec 02 §3 names besides "mostly European". */
export const NAMED_SUPPORTED_CODES = ['au', 'ca', 'ch', 'gb', 'is', 'no', 'qa', 'rs', 'us', 'za'] as const;

export const SUPPORTED_COUNTRY_CODES: readonly string[] = Object.freeze(
  [...EU_MEMBER_CODES, ...NAMED_SUPPORTED_CODES].sort(),
);

/** The supported list, derived from the full table by alpha2 (so it carries every language). */
export const SUPPORTED_COUNTRIES: readonly Country[] = Object.freeze(
  COUNTRIES.filter((c) => SUPPORTED_COUNTRY_CODES.includes(c.alpha2)),
);

export function isSupportedCountry(alpha2: unknown): boolean {
  return typeof alpha2 === 'string' && SUPPORTED_COUNTRY_CODES.includes(alpha2.toLowerCase());
}

/** A row as the spec's per-language tables have it: `{ id, alpha2, alpha3, name }`. */
export interface CountryRow {
  id: number;
  alpha2: string;
  alpha3: string;
  name: string;
}

/** The table (or the supported list) in one language, sorted by name in that language. */
export function countriesIn(lang: CountryNameLanguage, list: readonly Country[] = COUNTRIES): CountryRow[] {
  const collator = new Intl.Collator(bcp47(lang));
  return list
    .map((c) => ({ id: c.id, alpha2: c.alpha2, alpha3: c.alpha3, name: c.names[lang] }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
