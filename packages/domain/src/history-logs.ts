import { z } from 'zod';

/** One entry of the audit trail: who changed what, when, from which request. */
export const historyLogSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryLog = z.infer<typeof historyLogSchema>;

export const HISTORY_ACTIONS = ['created', 'updated', 'deleted', 'login', 'login_failed', 'logout'] as const;

export const historyLogFiltersSchema = z.object({
  entity: z.string().trim().max(64).optional(),
  entity_id: z.coerce.string().trim().max(64).optional(),
  user: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(32).optional(),
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
});
export type HistoryLogFilters = z.infer<typeof historyLogFiltersSchema>;

export const HISTORY_LOG_SORTS = ['id', 'created_at'] as const;
