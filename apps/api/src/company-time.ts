/**
 * The company's calendar: "today" and "this year" as the company's staff and customers live them, in
 * the company's time zone (the `general` settings) at the context's clock (`ctx.clock`, so tests and a
 * test company's moved clock decide it, never the machine's). Every date a module takes as "today" (a
 * subscription's start, a tag's date, whether a voucher is still valid) and every "this year" (the
 * `{YYYY}` of a document number) comes from here: at 23:30 UTC on 31 December it is already the next
 * year in Berlin, and a voucher valid until today is still valid at 23:30 in the company's evening.
 */
import { localDate } from '@rentloop/domain/billing-periods';
import type { Ctx } from './context.ts';
import { getSettings } from './modules/settings/sections.ts';

export interface CompanyTime {
  /** The company's local date, `YYYY-MM-DD`. */
  today: string;
  /** The year of that date. */
  year: number;
}

/** The date and year in `timeZone` at `instant`: the pure rule behind `companyTime`. */
export function companyTimeAt(instant: Date, timeZone: string): CompanyTime {
  const today = localDate(instant, timeZone);
  return { today, year: Number(today.slice(0, 4)) };
}

/** The company's date and year now (by `ctx.clock`), in its time zone. */
export async function companyTime(ctx: Ctx): Promise<CompanyTime> {
  const { time_zone } = await getSettings(ctx, 'general');
  return companyTimeAt(ctx.clock.now(), time_zone);
}

/** Today in the company's time zone, `YYYY-MM-DD`. */
export const companyToday = async (ctx: Ctx): Promise<string> => (await companyTime(ctx)).today;

/** This year in the company's time zone. */
export const companyYear = async (ctx: Ctx): Promise<number> => (await companyTime(ctx)).year;
