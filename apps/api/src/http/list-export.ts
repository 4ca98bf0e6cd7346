/**
 * `GET <list path>/export`: a list as CSV, streamed. The same parameters as the list (search, sort,
 * desc, filters; page and per_page ignored) plus `ids` (comma-separated) for an export of selected
 * rows. Parameters are checked before the first byte, so a bad sort or filter is still a 422; then
 * the rows are read in keyset batches (defineList's `batches`) and written as they come, so an export
 * of any size holds one batch in memory and the client sees the first rows at once. The columns are
 * the record schema's (csv.ts), the same fields as the list's JSON; amounts are the list's exact
 * decimal strings.
 */
import { Readable } from 'node:stream';
import { listQuerySchema } from '@rentloop/domain/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvColumns, csvLine, csvRowFormat } from '../csv.ts';
import type { ListParams } from '../lists.ts';
import { listParams } from '../lists.ts';
import type { Access } from './access.ts';

/** At most this many selected ids in one export (a page of 100, a few pages' worth of selection). */
export const MAX_EXPORT_IDS = 1000;

export const exportQuerySchema = listQuerySchema.extend({
  ids: z
    .string()
    .regex(/^\d{1,19}(,\d{1,19})*$/, 'Ids must be record ids separated by commas.')
    .refine((v) => v.split(',').length <= MAX_EXPORT_IDS, `At most ${MAX_EXPORT_IDS} ids.`)
    .optional(),
});

/** The media type marker the OpenAPI transform turns into a `text/csv` answer (openapi.ts). */
export const csvResponse = z.string().meta({ 'x-media-type': 'text/csv' });

export interface ListExport<S extends string, F extends z.ZodType> {
  /** The list's path; the export answers at `<url>/export`. */
  url: string;
  operationId: string;
  tags: string[];
  summary: string;
  access: Access;
  params: z.ZodObject;
  /** The list's own `listParams` options (sort whitelist, defaults, filters schema). */
  list: { sorts: readonly S[]; defaultSort: S; defaultDesc: boolean; filters: F };
  /** The list's record schema: the CSV's columns. */
  record: z.ZodType;
  /** The file's name without the date (`customers` gives `customers-2026-11-24.csv`). */
  filename: string;
  /**
   * The rows in batches, as the list's service reads them. A promise of them when something must be
   * checked first (an operator tool's company exists): awaited before the answer starts, so a refusal
   * is still an error answer, not a broken file.
   */
  rows: (
    request: FastifyRequest,
    p: ListParams<S, z.infer<F>>,
    ids: number[] | undefined,
  ) => AsyncIterable<unknown[]> | Promise<AsyncIterable<unknown[]>>;
}

async function* csvLines(columns: string[], batches: AsyncIterable<unknown[]>) {
  yield `\uFEFF${csvLine(columns)}`;
  const line = csvRowFormat(columns);
  for await (const batch of batches) {
    // One chunk per batch: fewer, larger writes than one per row.
    yield batch.map(line).join('');
  }
}

export function registerListExport<S extends string, F extends z.ZodType>(
  app: FastifyInstance,
  e: ListExport<S, F>,
) {
  const columns = csvColumns(e.record);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${e.url}/export`,
    {
      config: { access: e.access },
      schema: {
        operationId: e.operationId,
        tags: e.tags,
        summary: e.summary,
        description:
          'The list as CSV (UTF-8 with a byte order mark, CRLF lines, a header line of field names), streamed. ' +
          "Takes the list's search, sort, desc and filters; `ids` keeps only those records. Columns: " +
          `${columns.join(', ')}.`,
        params: e.params,
        querystring: exportQuerySchema,
        response: { 200: csvResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof exportQuerySchema>;
      const p = listParams(query, e.list);
      const ids = query.ids?.split(',').map(Number);
      const batches = await e.rows(request, p, ids);
      const date = request.server.clock.now().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${e.filename}-${date}.csv"`)
        .header('cache-control', 'no-store');
      // A Readable from the generator: Fastify pipes it, compressed when the client accepts it.
      // (The response schema types the body as the file's text; a stream of it bypasses the serializer.)
      return reply.send(Readable.from(csvLines(columns, batches)) as unknown as string);
    },
  );
}
