/** The edge between minor units in the database and decimal strings in the API, per company currency. */
import { decimalToMinor, minorToDecimal } from '@rentloop/domain/money';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { companies } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';

export async function companyCurrency(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  if (!row) throw notFound();
  return row.currency;
}

export const toDecimal = (minor: bigint | null | undefined, currency: string): string | null =>
  minor === null || minor === undefined ? null : minorToDecimal(BigInt(minor), currency);

/** A decimal from a payload as minor units; more decimals than the currency has is a 422 naming the field. */
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
