/**
 * Notes on records of one company. Every query carries `company_id = companyId`: a note of another
 * company is not found. A note names its record by kind and id (`entity`, `entity_id`), which cannot be
 * a foreign key across kinds, so the record is checked here, in the company, before a note is written.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type {
  NOTE_SORTS,
  Note,
  NoteEntity,
  NoteFilters,
  NoteInput,
  NoteUpdate,
} from '@rentloop/domain/notes';
import { NOTE_TEXTS, noteInputSchema, noteUpdateSchema } from '@rentloop/domain/notes';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Ctx, isOperator, type UserActor } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import {
  customers,
  invoices,
  notes,
  orders,
  subscriptions,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';

type Sort = (typeof NOTE_SORTS)[number];

const columns = { ...getTableColumns(notes), author_name: users.name };

/** The notes list, newest first by default; on a record: `filters` entity and entity_id. */
export const noteList = defineList<Sort, NoteFilters, Note>({
  name: 'notes',
  table: notes,
  id: notes.id,
  scopes: { company: sql`${notes.company_id} = ${ph('companyId')}` },
  columns,
  joins: [{ table: users, on: eq(users.id, notes.author_id), type: 'left' }],
  sorts: { id: notes.id, created_at: notes.created_at, updated_at: notes.updated_at },
  filters: {
    entity: (v) => sql`${notes.entity} = ${v}`,
    entity_id: (v) => sql`${notes.entity_id} = ${v}`,
    author: (v) => sql`${notes.author_id} = ${v}`,
  },
  search: (pattern) => sql`lower(${notes.text}) LIKE ${pattern}`,
  total: { entity: 'notes', scope: 'company' },
});

export const listNotes = (ctx: Ctx, p: ListParams<Sort, NoteFilters>) => noteList.list(ctx, p);

/** Whether the record a note is written on exists in the company (one check per kind of record). */
const existsIn =
  (table: typeof customers | typeof orders | typeof subscriptions | typeof invoices | typeof transactions) =>
  async (ctx: Ctx, id: number): Promise<boolean> =>
    (
      await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.company_id, ctx.companyId)))
        .limit(1)
    ).length > 0;

const RECORD_EXISTS: Record<NoteEntity, (ctx: Ctx, id: number) => Promise<boolean>> = {
  customer: existsIn(customers),
  order: existsIn(orders),
  subscription: existsIn(subscriptions),
  invoice: existsIn(invoices),
  transaction: existsIn(transactions),
};

async function getNote(ctx: Ctx, id: number): Promise<Note> {
  const [row] = await ctx.db
    .select(columns)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.author_id))
    .where(and(eq(notes.id, id), eq(notes.company_id, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row as Note;
}

/** The author, a company's admin or owner, or an operator may change a note; others get a 403. */
export function mayChangeNote(actor: Ctx['actor'], note: Pick<Note, 'author_id'>): boolean {
  if (actor.kind !== 'user') return false;
  const user = actor as UserActor;
  return (
    note.author_id === user.userId ||
    user.companyRole === 'admin' ||
    user.companyRole === 'owner' ||
    isOperator(user.globalRole)
  );
}

async function changeableNote(ctx: Ctx, id: number): Promise<Note> {
  const note = await getNote(ctx, id);
  if (!mayChangeNote(ctx.actor, note)) throw new AppError('forbidden', NOTE_TEXTS.notAuthor);
  return note;
}

export async function createNote(ctx: Ctx, input: NoteInput): Promise<Note> {
  const data = noteInputSchema.parse(input);
  if (!(await RECORD_EXISTS[data.entity](ctx, data.entity_id)))
    throw invalid('entity_id', NOTE_TEXTS.noSuchRecord(data.entity));
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(notes)
    .values({
      ...data,
      company_id: ctx.companyId,
      author_id: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: notes.id });
  if (!row) throw new AppError('internal', MESSAGES.noteCreateFailed);
  return getNote(ctx, row.id);
}

export async function updateNote(ctx: Ctx, id: number, input: NoteUpdate): Promise<Note> {
  const data = noteUpdateSchema.parse(input);
  await changeableNote(ctx, id);
  await ctx.db
    .update(notes)
    .set({ text: data.text, updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(notes.id, id), eq(notes.company_id, ctx.companyId)));
  return getNote(ctx, id);
}

export async function deleteNote(ctx: Ctx, id: number): Promise<void> {
  await changeableNote(ctx, id);
  await ctx.db.delete(notes).where(and(eq(notes.id, id), eq(notes.company_id, ctx.companyId)));
}

/** Deletes the notes of a record being deleted (called by the record's own delete). */
export async function deleteNotesOf(ctx: Ctx, entity: NoteEntity, entityId: number): Promise<void> {
  await ctx.db
    .delete(notes)
    .where(and(eq(notes.company_id, ctx.companyId), eq(notes.entity, entity), eq(notes.entity_id, entityId)));
}
