/**
 * Amounts as people type them ("1,299", "$12.50", "CA$ 12.5") read as the exact decimal the API takes,
 * with the domain's `parseMoney` for the record's currency: nothing is rounded, more decimals than the
 * currency has is an error. Shown with `formatAmount` (`money.ts`, kept apart so lists that only show
 * amounts load no schemas).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { amountInputSchema, minorToDecimal, parseMoney } from '@rentloop/domain/money';
import { z } from 'zod';
import { MONEY_LOCALE } from './money.ts';

/** The text an amount field starts with: the plain decimal ("1299.00"), or empty. */
export const amountText = (decimal: string | null | undefined) => decimal ?? '';

/**
 * What a person typed as the decimal the API takes, in the currency's decimals ("1,299" -> "1299.00");
 * null for an empty field; undefined when it is not a non-negative amount of this currency.
 */
export function readAmount(text: string, currency: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const minor = parseMoney(trimmed, currency, MONEY_LOCALE);
  if (minor === undefined || minor < 0n) return undefined;
  const decimal = minorToDecimal(minor, currency);
  return amountInputSchema.safeParse(decimal).success ? decimal : undefined;
}

/** A form field holding an amount: empty gives null (or "Required field." when required). */
export function amountField(currency: string, { required = false } = {}) {
  return z.string().transform((text, ctx): string | null => {
    const value = readAmount(text, currency);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (value === null && required) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      return z.NEVER;
    }
    return value;
  });
}
