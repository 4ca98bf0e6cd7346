import { z } from 'zod';
import { hasNoNul, isoDate, safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

/** One entry of the audit trail: who changed what, when, from which request. */
export const historyLogSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /**
   * What the record is called (a customer's or company's name, a product's, a user's email; a settings
   * group's key), read when the entry is listed; for a record that no longer exists, the name the
   * entry itself recorded; null when neither says.
   */
  entity_name: z.string().nullable(),
  /** Whether the record still exists (null: a kind of record the trail does not look up). */
  entity_exists: z.boolean().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryLog = z.infer<typeof historyLogSchema>;

/** `refresh_reused`: a rotated-away refresh token came back, and every session of its sign-in was ended. */
export const HISTORY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'login',
  'login_failed',
  'logout',
  'refresh_reused',
] as const;

export const historyLogFiltersSchema = z.object({
  entity: safeText().trim().max(64).optional(),
  entity_id: z.coerce.string().refine(hasNoNul, MESSAGES.nulCharacter).trim().max(64).optional(),
  user: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  action: safeText().trim().max(32).optional(),
  date_from: isoDate().optional(),
  date_to: isoDate().optional(),
});
export type HistoryLogFilters = z.infer<typeof historyLogFiltersSchema>;

export const HISTORY_LOG_SORTS = ['id', 'created_at'] as const;

/**
 * The operators' view of the whole trail (`GET /api/utils/history-logs`): the company filters plus
 * `company_id`, which finds the entries of a company even after it was deleted.
 */
export const operatorHistoryLogFiltersSchema = historyLogFiltersSchema.extend({
  company_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type OperatorHistoryLogFilters = z.infer<typeof operatorHistoryLogFiltersSchema>;
