/**
 * Tax percentages as the catalog, the subscriptions and the one-time payments read and show them. Apart
 * from catalog.ts (which re-exports them) because catalog.ts imports the country tables for its tax
 * rules: a web form that reads a percentage must not load those (~57 kB gzip; docs/performance.md).
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Decimals a tax percentage keeps: Quebec's QST is 9.975 %, GST + QST 14.975 % (numeric(7,4) in the database). */
export const PERCENT_DECIMALS = 4;

/** A percentage with up to four decimals, 0 to 100 ("19", "7.25", "9.975"). */
export const percentInputSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, MESSAGES.percentInvalid)
      .refine((v) => Number.parseFloat(v) <= 100, MESSAGES.maxHundredPercent),
  );

/**
 * A percentage as the API shows it: at least two decimals, up to four, no trailing zeros beyond
 * the second ("19" -> "19.00", "9.9750" -> "9.975", "14.975" -> "14.975"). Exact: no floating point.
 */
export function formatPercentage(value: string | number): string {
  const [int = '0', frac = ''] = String(value).trim().split('.');
  const digits = `${frac}0000`.slice(0, PERCENT_DECIMALS).replace(/0+$/, '');
  return `${Number.parseInt(int, 10) || 0}.${digits.padEnd(2, '0')}`;
}
