/**
 * Events (spec 01 §7 "Operator tools"; shared/BILLING.md "Events"): one row per change of state of a
 * stateful object, written in the transaction of the change. Webhooks, notifications, insights and
 * the operators' Event List read them; nothing re-derives history from current state.
 */
import { z } from 'zod';
import { isoDate, safeText } from './api.ts';

export const eventSchema = z.object({
  id: z.number().int(),
  /** Null for objects of the platform (users), shown in every company's list to operators. */
  company_id: z.number().int().nullable(),
  /** `<object>.<what happened>`, for example `user.status_changed`, `customer.created`. */
  type: z.string(),
  /** The kind of object: user, customer, order, subscription, ... */
  object: z.string(),
  object_id: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
  /** The user who acted (a job's requester); null for the system. */
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

/** The kinds of object that write events so far (the Event List's object filter). */
export const EVENT_OBJECTS = ['customer', 'user'] as const;
/** The event types written so far (the Event List's type filter). */
export const EVENT_TYPES = ['customer.created', 'user.status_changed'] as const;

export const eventFiltersSchema = z.object({
  type: safeText().trim().max(64).optional(),
  object: safeText().trim().max(64).optional(),
  object_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  actor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  date_from: isoDate().optional(),
  date_to: isoDate().optional(),
});
export type EventFilters = z.infer<typeof eventFiltersSchema>;

export const EVENT_SORTS = ['id', 'created_at'] as const;
