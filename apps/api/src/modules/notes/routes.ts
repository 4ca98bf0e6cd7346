import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  NOTE_ENTITIES,
  NOTE_SORTS,
  noteFiltersSchema,
  noteInputSchema,
  noteSchema,
  noteUpdateSchema,
} from '@rentloop/domain/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { listMeta, listParams } from '../../lists.ts';
import { createNote, deleteNote, listNotes, updateNote } from './service.ts';

const companyParams = z.object({ company: idParam });
const noteParams = companyParams.extend({ id: idParam });

const listOptions = {
  sorts: NOTE_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: noteFiltersSchema,
} as const;

/** The list's parameters, and the record's kind and id as plain query parameters too. */
const notesQuerySchema = listQuerySchema.extend({
  entity: z.enum(NOTE_ENTITIES).optional(),
  entity_id: z.coerce.number().int().positive().optional(),
});

const NOT_AUTHOR =
  'Only the author, or an admin or owner of the company, may change or delete a note: else 403.';

export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/:company/rentloopdb/notes',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.notesFetchFailed },
      schema: {
        operationId: 'listNotes',
        tags: ['notes'],
        summary: "List notes, a record's with entity and entity_id (newest first)",
        description: `Sort: ${NOTE_SORTS.join(', ')} (default id, newest first). Query or filters (JSON): entity (${NOTE_ENTITIES.join(', ')}), entity_id; filters also author (a user id). Search in the text.`,
        params: companyParams,
        querystring: notesQuerySchema,
        response: { 200: paginatedEnvelope(noteSchema) },
      },
    },
    async (request) => {
      const { entity, entity_id, ...query } = request.query;
      const p = listParams(query, listOptions);
      const filters = { ...p.filters, ...(entity ? { entity } : {}), ...(entity_id ? { entity_id } : {}) };
      const { rows, total } = await listNotes(ctxOf(request), { ...p, filters });
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.post(
    '/api/:company/rentloopdb/notes',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.noteCreateFailed, idempotent: true },
      schema: {
        operationId: 'createNote',
        tags: ['notes'],
        summary: 'Write a note on a record of the company',
        description: 'A record that does not exist in the company: 422 naming entity_id.',
        params: companyParams,
        body: noteInputSchema,
        response: { 201: envelope(noteSchema) },
      },
    },
    async (request, reply) => {
      const note = await createNote(ctxOf(request), request.body);
      reply.status(201);
      return ok(note, MESSAGES.noteCreated);
    },
  );

  app.put(
    '/api/:company/rentloopdb/notes/:id',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.noteUpdateFailed },
      schema: {
        operationId: 'updateNote',
        tags: ['notes'],
        summary: "Change a note's text",
        description: NOT_AUTHOR,
        params: noteParams,
        body: noteUpdateSchema,
        response: { 200: envelope(noteSchema) },
      },
    },
    async (request) =>
      ok(await updateNote(ctxOf(request), request.params.id, request.body), MESSAGES.noteUpdated),
  );

  app.delete(
    '/api/:company/rentloopdb/notes/:id',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.noteDeleteFailed },
      schema: {
        operationId: 'deleteNote',
        tags: ['notes'],
        summary: 'Delete a note',
        description: NOT_AUTHOR,
        params: noteParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteNote(ctxOf(request), request.params.id);
      return ok(null, MESSAGES.noteDeleted);
    },
  );
};
