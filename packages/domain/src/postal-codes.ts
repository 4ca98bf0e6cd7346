/**
 * Postal-code rules (spec 02 §5): the Canadian postal code, the province a Canadian postal code
 * gives, the US ZIP code and the Australian postcode.
 */
import { AU_POSTCODE_PATTERN, US_ZIP_PATTERN } from './regions.ts';

/** Letters allowed first in a Canadian postal code. */
export const CA_FIRST_LETTERS = 'ABCEGHJKLMNPRSTVXY';
/** Letters allowed third and fifth (adds W and Z to the first set). */
export const CA_OTHER_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

/**
 * A letter from the first set, a digit, a letter from the second set, an optional space, then
 * digit, letter (second set), digit; case-insensitive.
 */
export const CANADIAN_POSTAL_CODE_PATTERN = new RegExp(
  `^[${CA_FIRST_LETTERS}]\\d[${CA_OTHER_LETTERS}] ?\\d[${CA_OTHER_LETTERS}]\\d$`,
  'i',
);

export function isCanadianPostalCode(value: unknown): boolean {
  return typeof value === 'string' && CANADIAN_POSTAL_CODE_PATTERN.test(value);
}

/** A valid Canadian postal code in its canonical form (`k1a0b1` -> `K1A 0B1`); else `undefined`. */
export function canonicalCanadianPostalCode(value: unknown): string | undefined {
  if (!isCanadianPostalCode(value)) return undefined;
  const compact = (value as string).replace(' ', '').toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

export const PROVINCE_CODES = [
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
] as const;
export type ProvinceCode = (typeof PROVINCE_CODES)[number];

/**
 * The table of spec 02 §5, checked in this order; each pattern tests the first characters of the
 * upper-cased postal code. Kept exactly as the spec gives it, which covers only part of what
 * Canada Post assigns (Alberta only "T, digit, S"; PE only C0A, C1B and C1N; NT without X1A):
 * a code outside the table gives no province, it is never given a wrong one.
 */
export const PROVINCE_POSTAL_RULES: ReadonlyArray<{ province: ProvinceCode; rule: string; pattern: RegExp }> =
  Object.freeze([
    { province: 'AB', rule: 'T, digit, S', pattern: /^T\dS/ },
    { province: 'BC', rule: 'V, digit, letter', pattern: /^V\d[A-Z]/ },
    { province: 'MB', rule: 'R', pattern: /^R/ },
    { province: 'NB', rule: 'E', pattern: /^E/ },
    { province: 'NL', rule: 'A', pattern: /^A/ },
    { province: 'NS', rule: 'B', pattern: /^B/ },
    { province: 'ON', rule: 'L, M, N, P or K', pattern: /^[LMNPK]/ },
    { province: 'PE', rule: 'C0A, C1B or C1N', pattern: /^(C0A|C1B|C1N)/ },
    { province: 'QC', rule: 'H, I, J or G', pattern: /^[HIJG]/ },
    { province: 'SK', rule: 'S', pattern: /^S/ },
    { province: 'NT', rule: 'X0E or X0G', pattern: /^(X0E|X0G)/ },
    { province: 'NU', rule: 'X0B, X0C or X0A', pattern: /^(X0B|X0C|X0A)/ },
    { province: 'YT', rule: 'Y0B, Y0A or Y1A', pattern: /^(Y0B|Y0A|Y1A)/ },
  ]);

/**
 * The province a postal code's first characters give, by the rules above in their order;
 * `undefined` ("none") when nothing matches or the input is not a string. Case-insensitive;
 * leading spaces are ignored.
 */
export function provinceForPostalCode(value: unknown): ProvinceCode | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trimStart().toUpperCase();
  return PROVINCE_POSTAL_RULES.find((r) => r.pattern.test(code))?.province;
}

export function isUsZipCode(value: unknown): boolean {
  return typeof value === 'string' && US_ZIP_PATTERN.test(value);
}

export function isAustralianPostcode(value: unknown): boolean {
  return typeof value === 'string' && AU_POSTCODE_PATTERN.test(value);
}
