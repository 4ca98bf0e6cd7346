import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

/**
 * The kinds of record a note may be written on. Customers now; orders, subscriptions and invoices join
 * this list when their modules exist (and the API's check of the record, `modules/notes/service.ts`).
 */
export const NOTE_ENTITIES = ['customer', 'order', 'subscription', 'invoice', 'transaction'] as const;
export type NoteEntity = (typeof NOTE_ENTITIES)[number];

/** The longest note, in characters. */
export const NOTE_MAX_LENGTH = 5000;

export const noteSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  entity: z.enum(NOTE_ENTITIES),
  entity_id: z.number().int(),
  text: z.string(),
  /** The user who wrote it; null once that user is deleted. */
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

const noteText = () =>
  safeText().trim().min(1, MESSAGES.required).max(NOTE_MAX_LENGTH, `At most ${NOTE_MAX_LENGTH} characters.`);

/** `POST notes`: the record it is written on, and the text. */
export const noteInputSchema = z.object({
  entity: z.enum(NOTE_ENTITIES),
  entity_id: z.number().int().positive(),
  text: noteText(),
});
export type NoteInput = z.input<typeof noteInputSchema>;

/** `PUT notes/{id}`: only the text changes (a note stays on its record). */
export const noteUpdateSchema = z.object({ text: noteText() });
export type NoteUpdate = z.input<typeof noteUpdateSchema>;

/** Columns the notes list may be sorted by. */
export const NOTE_SORTS = ['id', 'created_at', 'updated_at'] as const;

/** Filters of the notes list; `entity` and `entity_id` may also be given as query parameters. */
export const noteFiltersSchema = z.object({
  entity: z.enum(NOTE_ENTITIES).optional(),
  entity_id: z.coerce.number().int().positive().optional(),
  author: z.coerce.number().int().positive().optional(),
});
export type NoteFilters = z.infer<typeof noteFiltersSchema>;

/** What the API says when a note cannot be written or changed (not in the spec's catalogue). */
export const NOTE_TEXTS = {
  noSuchRecord: (entity: NoteEntity) => `No ${entity} with this id in this company.`,
  notAuthor: 'Only the author of a note, or an admin, may change or delete it.',
} as const;
