/**
 * Gapless document numbers (shared/BILLING.md, "Gapless numbers per company"): orders now, invoices with
 * billing. A series is a company's counter for one prefix ("order:ORD-2026-"); `nextNumber` takes its
 * next value with one upsert in the caller's transaction. The upsert locks the series row until that
 * transaction ends: a second caller waits, then reads the first one's result, so two documents never
 * share a number, and a rolled-back document gives its number back (no gap).
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from './context.ts';

/** `{YYYY}` in a prefix is the year of `now` (in UTC; the document's own date decides which year). */
export const resolvePrefix = (prefix: string, now: Date): string =>
  prefix.replaceAll('{YYYY}', String(now.getUTCFullYear()));

/**
 * The next number of `series` for the context's company, starting at `start` for a new series. Run it
 * inside the transaction that writes the numbered document, as late as possible (the series stays locked
 * until that transaction commits).
 */
export async function nextNumber(ctx: Ctx, series: string, start = 1): Promise<number> {
  const result = await ctx.db.execute(
    sql`INSERT INTO number_series AS s (company_id, series, next_value)
        VALUES (${ctx.companyId}, ${series}, ${start + 1})
        ON CONFLICT (company_id, series) DO UPDATE
          SET next_value = s.next_value + 1, updated_at = now()
        RETURNING next_value - 1 AS value`,
  );
  const [row] = (result as unknown as { rows: { value: string | number }[] }).rows;
  return Number(row?.value);
}

/** The number the next document of `series` will get, without taking it (for display). */
export async function peekNumber(ctx: Ctx, series: string, start = 1): Promise<number> {
  const result = await ctx.db.execute(
    sql`SELECT next_value FROM number_series WHERE company_id = ${ctx.companyId} AND series = ${series}`,
  );
  const [row] = (result as unknown as { rows: { next_value: string | number }[] }).rows;
  return row ? Number(row.next_value) : start;
}

/** An invoice series: the counter's key, the prefix numbers get, and where a new series starts. */
export interface InvoiceSeries {
  series: string;
  prefix: string;
  start: number;
}

/**
 * The series an invoice issued on `issueDate` (the company's today) is numbered in: `{YYYY}` is the
 * issue date's year, so a prefix with the year starts a new series (at `number_start`) each year and one
 * without continues.
 */
export function invoiceSeriesOf(
  settings: { number_prefix: string; number_start: number },
  issueDate: string,
): InvoiceSeries {
  const prefix = settings.number_prefix.replaceAll('{YYYY}', issueDate.slice(0, 4));
  return { series: `invoice:${prefix}`, prefix, start: settings.number_start };
}

/**
 * Takes `count` consecutive numbers of an invoice series and answers the first. One UPDATE (or the
 * first INSERT) of the counter row, which stays locked until the caller's transaction ends: call it
 * after everything that can wait or fail, just before inserting the numbered rows (BILLING.md "Gapless
 * numbers"). A raised `number_start` moves the counter up to it; a lowered one never moves it back.
 */
export async function takeInvoiceNumbers(ctx: Ctx, s: InvoiceSeries, count: number): Promise<number> {
  const result = await ctx.db.execute(
    sql`INSERT INTO number_series AS s (company_id, series, next_value)
        VALUES (${ctx.companyId}, ${s.series}, ${s.start + count})
        ON CONFLICT (company_id, series) DO UPDATE
          SET next_value = GREATEST(s.next_value, ${s.start}) + ${count}, updated_at = now()
        RETURNING next_value - ${count} AS value`,
  );
  const [row] = (result as unknown as { rows: { value: string | number }[] }).rows;
  return Number(row?.value);
}

/** The number the next invoice of the series will get (the settings' read-only `next_number`). */
export async function peekInvoiceNumber(ctx: Ctx, s: InvoiceSeries): Promise<string> {
  const value = await peekNumber(ctx, s.series, s.start);
  return `${s.prefix}${Math.max(value, s.start)}`;
}
