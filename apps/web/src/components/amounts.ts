/**
 * Percentages and whole numbers as the catalog's forms read them (shown with `components/percent-text.ts`),
 * and `via`, which checks a field with a domain rule. Amounts are `components/money.ts` (shown with `formatAmount`, read with
 * `readAmount` / `amountField`).
 */

import { MESSAGES } from '@rentloop/domain/messages';
import { percentInputSchema } from '@rentloop/domain/percent';
import { firstError } from '@rentloop/domain/validation';
import { z } from 'zod';

/**
 * A transform that checks the value so far with a domain schema (`.transform(via(rule))`): its
 * issues land on the field, its output goes on. Zod's `pipe` would need the rule's input type to be
 * exactly the value's type, which the domain's lenient input types (string or number) are not.
 */
export function via<O>(rule: z.ZodType<O>) {
  return (value: unknown, ctx: z.RefinementCtx): O => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  };
}

/**
 * A percentage field ("13", "9.975"): the domain's rule (up to four decimals, for Quebec's QST),
 * "Maximum of 100%." above 100; a typed "%" is fine.
 */
export const percentField = z
  .string()
  .transform((text) => text.trim().replace(/\s*%$/, ''))
  .transform(
    via(
      z.string().superRefine((text, ctx) => {
        const problem =
          text === ''
            ? MESSAGES.required
            : firstError(text, ['onlyNumbers', 'onlyZeroOrPositive', 'maxHundredPercent']);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
  )
  .transform(via(percentInputSchema));

/**
 * A whole-number field (stock, months, days): empty gives null, or "Required field." when required;
 * otherwise the generic messages ("Only numbers allowed.", "Decimals are disallowed.", "Only zero &
 * positive numbers.").
 */
export function wholeNumberField({ required = false, min = 0 } = {}) {
  return z.string().transform((text, ctx): number | null => {
    const trimmed = text.trim();
    if (trimmed === '') {
      if (required) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.required });
        return z.NEVER;
      }
      return null;
    }
    const problem = firstError(trimmed, [
      'onlyNumbers',
      'decimalsDisallowed',
      min > 0 ? 'onlyPositive' : 'onlyZeroOrPositive',
    ]);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    const value = Number(trimmed);
    if (!Number.isSafeInteger(value)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.onlyNumbers });
      return z.NEVER;
    }
    return value;
  });
}

/** A whole number as the text of its field. */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
