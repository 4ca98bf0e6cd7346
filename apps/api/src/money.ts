/**
 * Money at the API's edge, the one place amounts change form: the database holds integer minor units
 * of the company's currency (`money()` columns, frozen by migration 0017), the wire decimal strings
 * (`amountSchema` in answers, `amountInputSchema` in payloads, `@rentloop/domain/money`). A service
 * reads the company's currency once, then converts each amount with `toMinor` (a payload's, refusing
 * what the currency cannot hold), `shopAmountToMinor` (another system's, rounded) or `toDecimal`.
 */
import { decimalToMinor, minorToDecimal } from '@rentloop/domain/money';
import { eq } from 'drizzle-orm';
import type { Ctx } from './context.ts';
import { companies } from './db/schema/index.ts';
import { invalid, notFound } from './errors.ts';

export async function companyCurrency(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  if (!row) throw notFound();
  return row.currency;
}

/** Minor units as the decimal the API answers, with the currency's decimals (129900n CAD -> "1299.00"). */
export const toDecimal = (minor: bigint | null | undefined, currency: string): string | null =>
  minor === null || minor === undefined ? null : minorToDecimal(BigInt(minor), currency);

/**
 * A decimal from a payload (`amountInputSchema`'s output) as minor units; `undefined` (left out) and
 * `null` (no amount) pass through. More decimals than the currency has ("12.5" in JPY, "1.2345" in
 * KWD) is a 422 naming the field: nothing is rounded.
 */
export function toMinor(
  value: string | null | undefined,
  currency: string,
  field: string,
): bigint | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const minor = decimalToMinor(value, currency);
  if (minor === undefined)
    throw invalid(field, `Must be an amount in ${currency} (at most its number of decimals).`);
  return minor;
}

/**
 * A price from a shop's catalog as minor units. Unlike a payload, the shop's data is taken as it is:
 * rounded half-up to the currency's decimals ("12.345" EUR -> 1235n); an unreadable price is no price.
 */
export const shopAmountToMinor = (price: string | null, currency: string): bigint | null =>
  price === null ? null : (decimalToMinor(price, currency, { round: 'half-up' }) ?? null);
