/**
 * Currencies (spec 01 §3, spec 02 §3): the eleven the product formats, their ISO 4217 minor-unit
 * exponents, their symbols and a formatter per currency and locale.
 *
 * Symbols and number formats come from the runtime's CLDR data through `Intl`; the exponents are
 * ISO 4217's (a table of ours, checked against Intl in currencies.test.ts with the differences
 * listed). Amounts are formatted from exact decimal strings (see money.ts), never from floats.
 */
import { CURRENCIES } from './companies.ts';

export { CURRENCIES };
/** A currency the product formats: AUD, CAD, CHF, DKK, EUR, GBP, NOK, QAR, SEK, USD, ZAR. */
export type Currency = (typeof CURRENCIES)[number];

/**
 * ISO 4217 minor-unit exponents: how many decimal places a currency's amounts have. The eleven
 * formatted currencies, the other currencies of the supported countries, and a few with 0, 3 and
 * 4 decimals, so that every code path is exercised.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  AUD: 2,
  CAD: 2,
  CHF: 2,
  DKK: 2,
  EUR: 2,
  GBP: 2,
  NOK: 2,
  QAR: 2,
  SEK: 2,
  USD: 2,
  ZAR: 2,
  BGN: 2,
  CZK: 2,
  HUF: 2,
  ISK: 0,
  PLN: 2,
  RON: 2,
  RSD: 2,
  JPY: 0,
  KRW: 0,
  CLP: 0,
  BHD: 3,
  JOD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
});

export function isKnownCurrency(code: unknown): boolean {
  return typeof code === 'string' && Object.hasOwn(CURRENCY_EXPONENTS, code.toUpperCase());
}

/** The exponent of a currency (case-insensitive); throws for a currency not in the table. */
export function currencyExponent(currency: string): number {
  const exponent = CURRENCY_EXPONENTS[currency.toUpperCase()];
  if (exponent === undefined) throw new RangeError(`Unknown currency: ${currency}`);
  return exponent;
}

export type CurrencyDisplay = 'symbol' | 'narrowSymbol' | 'code';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The cached `Intl.NumberFormat` of a currency in a locale, always with the currency's ISO 4217
 * number of decimals (so that formatting and parsing agree; CLDR shows HUF without decimals).
 */
export function currencyFormatter(
  currency: string,
  locale = 'en',
  currencyDisplay: CurrencyDisplay = 'symbol',
): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = `${code}|${locale}|${currencyDisplay}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = currencyExponent(code);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The symbol a locale shows for a currency (`CAD` in `en`: `CA$`, narrow `$`; in `fr-CA`: `$`). */
export function currencySymbol(
  currency: string,
  locale = 'en',
  currencyDisplay: CurrencyDisplay = 'narrowSymbol',
): string {
  const parts = currencyFormatter(currency, locale, currencyDisplay).formatToParts(1);
  return parts.find((p) => p.type === 'currency')?.value ?? currency.toUpperCase();
}

/** The narrow symbol of each formatted currency in English (`$`, `€`, `£`, `kr`, `R`, ...). */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = Object.freeze(
  Object.fromEntries(CURRENCIES.map((c) => [c, currencySymbol(c, 'en')])) as Record<Currency, string>,
);

/**
 * The number symbols a locale uses for amounts of a currency, read from Intl: the decimal and
 * grouping separators of currency amounts can differ from plain numbers (fr-CH writes
 * "1 234,5" but "1 234.50 CHF").
 */
export interface NumberSymbols {
  decimal: string;
  /** The grouping separator; empty when the locale does not group. */
  group: string;
  minus: string;
  /** The locale's digits 0-9 (Latin for most; Arabic-Indic where the locale uses them). */
  digits: readonly string[];
  /** Size of the last group before the decimal separator (3), and of the groups before it (3; 2 in en-IN). */
  primaryGroup: number;
  secondaryGroup: number;
}

const symbolsCache = new Map<string, NumberSymbols>();

export function numberSymbols(currency: string, locale = 'en'): NumberSymbols {
  const key = `${currency.toUpperCase()}|${locale}`;
  let symbols = symbolsCache.get(key);
  if (!symbols) {
    const formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'code',
      minimumFractionDigits: 1,
    });
    // A fixed sample: 1234567.5 is exact in binary, so no float question arises.
    const parts = formatter.formatToParts(-1234567.5);
    const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
    const plain = new Intl.NumberFormat(locale, { useGrouping: false });
    symbols = Object.freeze({
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? '',
      minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
      digits: Object.freeze(Array.from({ length: 10 }, (_, d) => plain.format(d))),
      primaryGroup: integers.length > 1 ? (integers.at(-1) ?? 0) : 0,
      secondaryGroup: integers.length > 2 ? (integers.at(-2) ?? 0) : (integers.at(-1) ?? 0),
    });
    symbolsCache.set(key, symbols);
  }
  return symbols;
}
