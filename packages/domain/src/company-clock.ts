/**
 * A test company's business clock (shared/BILLING.md "Time you can move", issue 23 item 7): operators
 * move it forward and every job due in business time runs, in order, until it is settled: the
 * lifecycle simulator. Real companies have no such clock.
 */
import { z } from 'zod';

export const companyClockSchema = z.object({
  company_id: z.number().int(),
  is_test: z.boolean(),
  /** The company's "now" (ISO 8601 UTC). */
  business_now: z.string(),
  /** The wall clock's "now", for comparison. */
  wall_now: z.string(),
  /** How far the business clock is ahead of the wall clock. */
  offset_ms: z.number().int(),
});
export type CompanyClock = z.infer<typeof companyClockSchema>;

/** At most this many days per advance: a year and a month, so one call stays bounded. */
export const MAX_ADVANCE_DAYS = 400;

/** Move the clock to `to` (later than its "now") or by `days`; exactly one of the two. */
export const clockAdvanceSchema = z
  .object({
    to: z.iso.datetime({ offset: true }).optional(),
    days: z.number().int().min(1).max(MAX_ADVANCE_DAYS).optional(),
  })
  .strict()
  .refine((v) => (v.to === undefined) !== (v.days === undefined), {
    message: 'Give either a date to move to or a number of days.',
    path: ['days'],
  });
export type ClockAdvance = z.infer<typeof clockAdvanceSchema>;

/** What one day of business time ran: each due job's name and how many items it handled. */
export const clockStepSchema = z.object({
  business_date: z.string(),
  ran: z.record(z.string(), z.number().int()),
});

export const clockAdvanceResultSchema = companyClockSchema.extend({
  steps: z.array(clockStepSchema),
});
export type ClockAdvanceResult = z.infer<typeof clockAdvanceResultSchema>;
