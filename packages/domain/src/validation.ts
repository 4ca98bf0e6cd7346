/**
 * The twelve generic form rules (spec 01 §5, spec 02 §5) and the email rules of the address form,
 * as predicates (true = the value passes) with their messages, and as zod refinements.
 *
 * One principle decides the cases the spec leaves open: a rule fails exactly when its message is
 * true of the value.
 * - "Required field." fails for a blank value: undefined, null, NaN, an empty or whitespace-only
 *   string, an empty list, and `false` (a required box must be ticked). Zero counts as filled.
 * - Every other rule passes a blank value (undefined, null, '', whitespace): whether a field must
 *   be filled is the required rule's business, so the rules combine. "Must be a valid url." says so
 *   itself: empty, null and http/https URLs are accepted.
 * - A number is a finite JS number, a bigint, or a plain decimal string: optional sign, digits with
 *   an optional "." and decimals (" 12", "-3.50", ".5"); no grouping, no exponent, no comma decimal.
 *   Decimal strings are compared exactly, never through floats ("100.0000000000000001" is over 100).
 * - "Only numbers allowed." and the four sign rules fail for anything that is not a number;
 *   "Decimals are disallowed.", "Zero is disallowed." and "Maximum of 100%." fail only for a
 *   number with decimals, equal to zero, or above 100.
 * - "Requires a number." fails for a value with no digit in it ("Main Street"): a street must
 *   contain at least a number.
 * - "Only one character allowed." counts what a person sees as one character (a grapheme: "é",
 *   an emoji with its modifiers).
 */
import type { z } from 'zod';
import { MESSAGES } from './messages.ts';

export const RULE_NAMES = [
  'required',
  'requiresNumber',
  'decimalsDisallowed',
  'zeroDisallowed',
  'onlyNegative',
  'onlyNumbers',
  'onlyPositive',
  'validUrl',
  'onlyZeroOrNegative',
  'onlyZeroOrPositive',
  'onlyOneCharacter',
  'maxHundredPercent',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export const RULE_MESSAGES: Readonly<Record<RuleName, string>> = Object.freeze({
  required: MESSAGES.required,
  requiresNumber: MESSAGES.requiresNumber,
  decimalsDisallowed: MESSAGES.decimalsDisallowed,
  zeroDisallowed: MESSAGES.zeroDisallowed,
  onlyNegative: MESSAGES.onlyNegative,
  onlyNumbers: MESSAGES.onlyNumbers,
  onlyPositive: MESSAGES.onlyPositive,
  validUrl: MESSAGES.validUrl,
  onlyZeroOrNegative: MESSAGES.onlyZeroOrNegative,
  onlyZeroOrPositive: MESSAGES.onlyZeroOrPositive,
  onlyOneCharacter: MESSAGES.onlyOneCharacter,
  maxHundredPercent: MESSAGES.maxHundredPercent,
});

/** Undefined, null, NaN, '' or whitespace only: what every rule but `required` lets through. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'number' && Number.isNaN(value)) ||
    (typeof value === 'string' && value.trim() === '')
  );
}

/** "Required field.": filled, where zero counts as filled. */
export function isFilled(value: unknown): boolean {
  if (isBlank(value) || value === false) return false;
  return !(Array.isArray(value) && value.length === 0);
}

interface NumericValue {
  sign: -1 | 0 | 1;
  integer: boolean;
  atMost100: boolean;
}

const DECIMAL_TEXT = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** The facts the number rules need, exactly; `undefined` when the value is not a number. */
function numeric(value: unknown): NumericValue | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return {
      sign: value === 0 ? 0 : value > 0 ? 1 : -1,
      integer: Number.isInteger(value),
      atMost100: value <= 100,
    };
  }
  if (typeof value === 'bigint') {
    return { sign: value === 0n ? 0 : value > 0n ? 1 : -1, integer: true, atMost100: value <= 100n };
  }
  if (typeof value !== 'string') return undefined;
  const m = DECIMAL_TEXT.exec(value.trim());
  if (!m) return undefined;
  const int = (m[2] ?? '').replace(/^0+/, '');
  const frac = (m[3] ?? m[4] ?? '').replace(/0+$/, '');
  const sign = int === '' && frac === '' ? 0 : m[1] === '-' ? -1 : 1;
  return {
    sign,
    integer: frac === '',
    atMost100: sign <= 0 || int.length < 3 || (int === '100' && frac === ''),
  };
}

/** "Only numbers allowed." */
export function isNumber(value: unknown): boolean {
  return isBlank(value) || numeric(value) !== undefined;
}

/** "Requires a number.": contains at least one digit. */
export function containsNumber(value: unknown): boolean {
  if (isBlank(value)) return true;
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  return typeof value === 'string' && /\d/.test(value);
}

/** "Decimals are disallowed.": not a number with a fractional part. */
export function hasNoDecimals(value: unknown): boolean {
  return numeric(value)?.integer !== false;
}

/** "Zero is disallowed." */
export function isNotZero(value: unknown): boolean {
  return numeric(value)?.sign !== 0;
}

const signRule = (allowed: ReadonlyArray<-1 | 0 | 1>) => (value: unknown) => {
  if (isBlank(value)) return true;
  const n = numeric(value);
  return n !== undefined && allowed.includes(n.sign);
};

/** "Only negative numbers." */
export const isNegativeNumber = signRule([-1]);
/** "Only positive numbers." */
export const isPositiveNumber = signRule([1]);
/** "Only zero & negative numbers." */
export const isZeroOrNegativeNumber = signRule([0, -1]);
/** "Only zero & positive numbers." */
export const isZeroOrPositiveNumber = signRule([0, 1]);

/** "Maximum of 100%.": not a number above 100. */
export function isAtMost100Percent(value: unknown): boolean {
  return numeric(value)?.atMost100 !== false;
}

/** "Must be a valid url.": empty, null, or an absolute http or https URL with a host. */
export function isHttpUrl(value: unknown): boolean {
  if (isBlank(value)) return true;
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** "Only one character allowed.": at most one grapheme. */
export function isSingleCharacter(value: unknown): boolean {
  if (isBlank(value)) return true;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return false;
  let count = 0;
  for (const _ of graphemes.segment(String(value))) if (++count > 1) return false;
  return true;
}

/** Each rule's predicate: true when the value passes. */
export const RULES: Readonly<Record<RuleName, (value: unknown) => boolean>> = Object.freeze({
  required: isFilled,
  requiresNumber: containsNumber,
  decimalsDisallowed: hasNoDecimals,
  zeroDisallowed: isNotZero,
  onlyNegative: isNegativeNumber,
  onlyNumbers: isNumber,
  onlyPositive: isPositiveNumber,
  validUrl: isHttpUrl,
  onlyZeroOrNegative: isZeroOrNegativeNumber,
  onlyZeroOrPositive: isZeroOrPositiveNumber,
  onlyOneCharacter: isSingleCharacter,
  maxHundredPercent: isAtMost100Percent,
});

/**
 * The message of the first rule the value fails, in the order given (as a form shows one message
 * per field); `undefined` when it passes them all. Usable as react-hook-form's `validate`.
 */
export function firstError(value: unknown, rules: readonly RuleName[]): string | undefined {
  const failed = rules.find((name) => !RULES[name](value));
  return failed && RULE_MESSAGES[failed];
}

/**
 * A schema with rules added: the first failing rule reports its message on the field. The rules
 * see the schema's output (after trimming, coercion, ...).
 */
export function withRules<T extends z.ZodType>(schema: T, ...rules: RuleName[]): T {
  return schema.superRefine((value, ctx) => {
    const message = firstError(value, rules);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** "Email must be valid.": text, @, text, dot, text (one @; no whitespace in any part). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/** "Email should not contain whitespace." */
export function hasNoWhitespace(value: unknown): boolean {
  return typeof value !== 'string' || !/\s/.test(value);
}

/**
 * The message for an email, or `undefined` when it is fine: whitespace is named first, since
 * "a b@c.de" is refused for that reason. A blank email passes (the required rule decides).
 */
export function emailError(value: unknown): string | undefined {
  if (isBlank(value)) return undefined;
  if (!hasNoWhitespace(value)) return MESSAGES.emailWhitespace;
  if (!isValidEmail(value)) return MESSAGES.emailInvalid;
  return undefined;
}
