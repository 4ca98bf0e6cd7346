import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

/** How the last run of a cron ended. */
export const CRON_RESULTS = ['completed', 'failed'] as const;

export const cronSchema = z.object({
  id: z.number().int(),
  /** The job it runs (a job of the product that may run on a schedule). */
  name: z.string(),
  cron: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
  /** The next three times it runs (ISO 8601 UTC); empty while disabled. */
  next_runs: z.array(z.string()),
  last_run_at: z.string().nullable(),
  last_result: z.enum(CRON_RESULTS).nullable(),
  /** Why the last run failed. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cron = z.infer<typeof cronSchema>;

/** What `GET crons` answers: the crons, and the jobs that could get one (for the create dialog). */
/**
 * The Cron Manager's screen data: the crons (`GET system/crons`, a list in the paginated envelope of every
 * other list, all on one page) and the scheduled jobs that have none (`GET system/crons/jobs`).
 */
export const cronListSchema = z.object({
  crons: z.array(cronSchema),
  available_jobs: z.array(z.string()),
});
export type CronList = z.infer<typeof cronListSchema>;

/** A cron expression: five fields (minute hour day month weekday), checked by the API with its parser. */
const cronText = () =>
  safeText()
    .trim()
    .min(1, MESSAGES.required)
    .max(100)
    .refine((v) => v.split(/\s+/).length === 5, 'Five fields: minute hour day month weekday.');

const timezoneText = () =>
  safeText()
    .trim()
    .min(1, MESSAGES.required)
    .max(64)
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    }, 'An IANA time zone, like Europe/Berlin or UTC.');

export const cronInputSchema = z.object({
  name: safeText().trim().min(1, MESSAGES.required).max(100),
  cron: cronText(),
  timezone: timezoneText().default('UTC'),
  enabled: z.boolean().default(true),
});
export type CronInput = z.input<typeof cronInputSchema>;

export const cronUpdateSchema = z.object({
  cron: cronText().optional(),
  timezone: timezoneText().optional(),
  enabled: z.boolean().optional(),
});
export type CronUpdate = z.input<typeof cronUpdateSchema>;
