/**
 * Money: amounts are integer minor units held as `bigint` (cents for CAD, whole yen for JPY), with
 * the currency's ISO 4217 exponent from currencies.ts.
 *
 * Why bigint and not a safe-integer `number`: the database stores `bigint` (ARCHITECTURE "Data"),
 * a sum of any number of lines can never lose precision, and the type system refuses to mix an
 * amount with a float by accident (`1n + 0.1` does not compile). Amounts cross the wire as decimal
 * strings ("1234.50"; `amountSchema` and `amountInputSchema` below): `minorToDecimal` and
 * `decimalToMinor` convert, and the server does it in one place (`apps/api/src/money.ts`).
 *
 * No binary floating point is used in any amount, sum, tax or rounding: decimal input is parsed
 * digit by digit, percentages are exact fractions, and rounding is integer division.
 * Rounding is half-up in the commercial sense: a half rounds away from zero (2.5 -> 3, -2.5 -> -3),
 * so a refund line is the exact negative of its sale line.
 */
import { z } from 'zod';
import {
  type CurrencyDisplay,
  currencyExponent,
  currencyFormatter,
  currencySymbol,
  numberSymbols,
} from './currencies.ts';
import { MESSAGES } from './messages.ts';

const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);
const abs = (n: bigint) => (n < 0n ? -n : n);

/**
 * `numerator / denominator` rounded half-up (a half away from zero). The denominator must not be
 * zero; its sign is taken into account.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = abs(numerator);
  const d = abs(denominator);
  let q = n / d;
  if (2n * (n % d) >= d) q += 1n;
  return negative ? -q : q;
}

/** A number is read by its shortest decimal form (`String(0.1)` is "0.1"), never its binary value. */
const toDecimalText = (value: string | number): string | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return value.trim();
};

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** A decimal text as an exact fraction `units / 10^scale`; `undefined` when it is not a plain decimal. */
function parseDecimal(value: string | number): { units: bigint; scale: number } | undefined {
  const text = toDecimalText(value);
  const m = text === undefined ? null : DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign, int = '', frac = ''] = m;
  const units = BigInt(int + frac);
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

/**
 * A machine decimal ("1234.5", "-0.05", 12.5) as minor units of a currency. More decimals than the
 * currency has are refused (`undefined`) unless they are zeros, or `round: 'half-up'` is asked.
 * No grouping separators, no exponent notation: for what people type, use `parseMoney`.
 */
export function decimalToMinor(
  value: string | number,
  currency: string,
  options: { round?: 'half-up' } = {},
): bigint | undefined {
  const decimal = parseDecimal(value);
  if (!decimal) return undefined;
  const exponent = currencyExponent(currency);
  if (decimal.scale <= exponent) return decimal.units * pow10(exponent - decimal.scale);
  const divisor = pow10(decimal.scale - exponent);
  if (decimal.units % divisor === 0n) return decimal.units / divisor;
  return options.round === 'half-up' ? roundHalfUp(decimal.units, divisor) : undefined;
}

/** Minor units as a machine decimal with the currency's decimals: 123450n CAD -> "1234.50". */
export function minorToDecimal(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const int = digits.slice(0, digits.length - exponent);
  const frac = digits.slice(digits.length - exponent);
  return `${minor < 0n ? '-' : ''}${int}${exponent > 0 ? `.${frac}` : ''}`;
}

/**
 * An amount formatted for a locale: `formatMoney(123450n, 'CAD', 'fr-CA')` -> "1 234,50 $".
 * Intl formats the exact decimal string, so any size of amount is exact.
 */
export function formatMoney(
  minor: bigint,
  currency: string,
  locale = 'en',
  currencyDisplay: CurrencyDisplay = 'symbol',
): string {
  return currencyFormatter(currency, locale, currencyDisplay).format(
    minorToDecimal(minor, currency) as Intl.StringNumericLiteral,
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MINUS_SIGNS = /[-\u2212\u2012\u2013\uFE63\uFF0D]/g;
const APOSTROPHE = /['\u2019\u02BC]/;
const APOSTROPHES = new RegExp(APOSTROPHE.source, 'g');

/**
 * What a person typed, or what `formatMoney` printed, as minor units; `undefined` when it is not an
 * amount of this currency in this locale. The locale gives the decimal and grouping separators
 * (default `en`: "1,234.56", "12.5", "$1,234.56"); the currency's symbols and code may appear.
 * Grouping must be where the locale puts it ("1,23" is refused in `en`, not read as 123), and more
 * decimals than the currency has are refused unless they are zeros: nothing is rounded silently.
 */
export function parseMoney(input: unknown, currency: string, locale = 'en'): bigint | undefined {
  if (typeof input !== 'string') return undefined;
  const code = currency.toUpperCase();
  const exponent = currencyExponent(code);
  const symbols = numberSymbols(code, locale);

  let text = input.replace(/\p{Cf}/gu, '');
  const currencyTexts = new Set([
    code,
    ...(['symbol', 'narrowSymbol', 'code'] as const).map((d) => currencySymbol(code, locale, d)),
  ]);
  for (const t of [...currencyTexts].sort((a, b) => b.length - a.length)) text = text.split(t).join(' ');
  symbols.digits.forEach((d, i) => {
    if (d !== String(i)) text = text.split(d).join(String(i));
  });
  text = text.split(symbols.minus).join('-').replace(MINUS_SIGNS, '-').trim();

  const signMatch = /^([+-]?)\s*(.*)$/s.exec(text);
  const negative = signMatch?.[1] === '-';
  let body = signMatch?.[2] ?? '';

  // Mark the separators: G for grouping, D for the decimal point.
  const groupIsSpace = /^\s$/.test(symbols.group);
  const groupIsApostrophe = APOSTROPHE.test(symbols.group);
  body = body.split(symbols.decimal).join('D');
  if (groupIsSpace) body = body.replace(/\s/g, 'G');
  else if (groupIsApostrophe) body = body.replace(APOSTROPHES, 'G');
  else if (symbols.group) body = body.replace(new RegExp(escapeRegExp(symbols.group), 'g'), 'G');

  const m = /^(\d+(?:G\d+)*)?(?:D(\d*))?$/.exec(body);
  if (!m || body === '' || body === 'D') return undefined;
  const [, intPart = '', frac = ''] = m;
  if (intPart === '' && frac === '') return undefined;

  const groups = intPart.split('G');
  if (groups.length > 1) {
    const { primaryGroup, secondaryGroup } = symbols;
    if (primaryGroup === 0) return undefined;
    const last = groups.at(-1) ?? '';
    const firstGroup = groups[0] ?? '';
    const middle = groups.slice(1, -1);
    if (last.length !== primaryGroup) return undefined;
    if (middle.some((g) => g.length !== secondaryGroup)) return undefined;
    if (firstGroup.length < 1 || firstGroup.length > secondaryGroup) return undefined;
  }

  const extra = frac.slice(exponent);
  if (/[^0]/.test(extra)) return undefined;
  const units = BigInt(groups.join('') + frac.slice(0, exponent).padEnd(exponent, '0') || '0');
  return negative ? -units : units;
}

/** A percentage as an exact fraction of 100: "9.975" -> 9975/1000. Negative or malformed: undefined. */
export function parsePercent(
  percent: string | number,
): { numerator: bigint; denominator: bigint } | undefined {
  const decimal = parseDecimal(percent);
  if (!decimal || decimal.units < 0n) return undefined;
  return { numerator: decimal.units, denominator: pow10(decimal.scale) };
}

const requirePercent = (percent: string | number) => {
  const p = parsePercent(percent);
  if (!p) throw new RangeError(`Not a percentage: ${String(percent)}`);
  return p;
};

/** `percent` % of an amount, rounded half-up once: `percentOf(1999n, '9.975')` -> 199n. */
export function percentOf(minor: bigint, percent: string | number): bigint {
  const p = requirePercent(percent);
  return roundHalfUp(minor * p.numerator, 100n * p.denominator);
}

/** The tax contained in a gross amount at `percent` (prices that include tax), rounded half-up once. */
export function taxIncludedIn(gross: bigint, percent: string | number): bigint {
  const p = requirePercent(percent);
  return roundHalfUp(gross * p.numerator, 100n * p.denominator + p.numerator);
}

/** One line of an order, invoice or payment: unit amount in minor units, quantity, tax rate. */
export interface LineInput {
  unit_amount: bigint;
  quantity: number | bigint;
  /** The tax rate in percent, exact: "13", "9.975", 7.7. */
  tax_percent: string | number;
  /** True when `unit_amount` already includes the tax (gross prices). */
  tax_included?: boolean;
}

export interface LineAmounts {
  net: bigint;
  tax: bigint;
  gross: bigint;
}

const quantityOf = (q: number | bigint): bigint => {
  if (typeof q === 'bigint') return q;
  if (!Number.isSafeInteger(q)) throw new RangeError(`Quantity must be a whole number: ${q}`);
  return BigInt(q);
};

/**
 * A line's net, tax and gross. Tax is computed per line on the line's amount (unit x quantity) and
 * rounded half-up once; net + tax = gross always.
 */
export function lineAmounts(line: LineInput): LineAmounts {
  const amount = line.unit_amount * quantityOf(line.quantity);
  if (line.tax_included) {
    const tax = taxIncludedIn(amount, line.tax_percent);
    return { net: amount - tax, tax, gross: amount };
  }
  const tax = percentOf(amount, line.tax_percent);
  return { net: amount, tax, gross: amount + tax };
}

/** The sum of minor-unit amounts. */
export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** Totals of lines: the sums of the lines' own (already rounded) net, tax and gross. */
export function sumLines(lines: Iterable<LineAmounts>): LineAmounts {
  const total = { net: 0n, tax: 0n, gross: 0n };
  for (const l of lines) {
    total.net += l.net;
    total.tax += l.tax;
    total.gross += l.gross;
  }
  return total;
}

// ---- on the wire ----

/** What the API answers for an amount: `minorToDecimal`'s output, a minus sign only for a negative amount. */
const AMOUNT_PATTERN = /^-?\d+(\.\d+)?$/;
/** What the API takes: a non-negative plain decimal, at most 12 digits before the point and 4 after. */
const AMOUNT_INPUT_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

/**
 * An amount as the API answers it: a decimal string in the company currency with exactly the
 * currency's decimals ("129.00" in CAD, "1200" in JPY, "1.250" in KWD); never a JSON number, so no
 * client reads it through binary floating point. Every amount field of a record uses it.
 */
export const amountSchema = z
  .string()
  .regex(AMOUNT_PATTERN)
  .meta({
    description:
      "An amount in the company's currency, as a decimal string with the currency's number of decimals.",
    examples: ['129.00'],
  });

/**
 * An amount as the API takes it (every amount field of an input): a non-negative decimal string
 * ("129", "129.5", "129.00"; surrounding spaces are ignored) or a JSON number, read by its shortest
 * decimal form (12.5 is "12.5"), never by its binary value. The output is the decimal string; the
 * server converts it to minor units of the company currency (`toMinor` in `apps/api/src/money.ts`),
 * refusing more decimals than the currency has with a 422 on the field: nothing is rounded.
 */
export const amountInputSchema = z
  .union([z.string(), z.number()])
  // On the union, the side a request schema documents (zod drops examples on a transforming schema).
  .meta({
    description:
      "An amount in the company's currency: a decimal string (or a JSON number) with at most the currency's number of decimals; more is refused, never rounded.",
    examples: ['129.00'],
    pattern: AMOUNT_INPUT_PATTERN.source,
  })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(AMOUNT_INPUT_PATTERN, MESSAGES.amountInvalid));
