/** Data export (spec 01 §7 "Notes, email, history, export"; decision 66). */
import { Readable } from 'node:stream';
import { envelope, idParam } from '@rentloop/domain/api';
import {
  DATA_EXPORT_DAYS,
  DATA_EXPORT_KINDS,
  dataExportColumnsSchema,
  dataExportCreatedSchema,
  dataExportRequestSchema,
  dataExportSchema,
} from '@rentloop/domain/data-export';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { dataExportFile, exportColumns, recentDataExports, requestDataExport } from './service.ts';

const companyParams = z.object({ company: idParam });
const tokenParams = companyParams.extend({ token: z.string().max(100) });
// Every exportable list is read with the company's 'user' level: the export asks for the same.
const user = access.company('user');
const tags = ['data-export'];

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/:company/data-export',
    {
      config: { access: user, idempotent: true, failureMessage: MESSAGES.dataExportRequestFailed },
      schema: {
        operationId: 'requestDataExport',
        tags,
        summary: 'Request a file of one of the lists (CSV or XLSX), written by a background job',
        description:
          `Answers 202 "${MESSAGES.dataExportRequested}" with the export (queued) and its download token, shown this once. ` +
          `kind: ${DATA_EXPORT_KINDS.join(', ')}. search, sort, desc and filters (a JSON object as text) are the list's own ` +
          "and checked as the list checks them (422 naming sort or filters.<field>); columns are fields of the list's " +
          'record (nested ones dotted, GET data-export/columns), in the order given, all of them when left out ' +
          '(an unknown one: 422 naming columns.<n>). format csv: UTF-8 with a byte order mark, CRLF lines; xlsx: one ' +
          'sheet, text as inline strings. A text cell beginning with =, +, - or @ (not a number) gets an apostrophe ' +
          'before it. A job walks the list in keyset batches into the file (progress: rows_done of rows_total), then ' +
          "the company's staff get a notification whose input is the download link and the requester a mail. " +
          `The link works ${DATA_EXPORT_DAYS} days (GET data/{token}). Written to the history log (entity data_exports, action exported).`,
        params: companyParams,
        body: dataExportRequestSchema,
        response: { 202: envelope(dataExportCreatedSchema), 503: errorSchema },
      },
    },
    async (request, reply) => {
      const created = await requestDataExport(ctxOf(request), request.body);
      reply.status(202);
      return ok(created, MESSAGES.dataExportRequested);
    },
  );

  app.get(
    '/api/:company/data-export',
    {
      config: { access: user },
      schema: {
        operationId: 'listDataExports',
        tags,
        summary: "The signed-in user's exports in this company not expired yet, newest first (at most 20)",
        description:
          "With each one's progress (status, rows_done of rows_total). Tokens are never shown again.",
        params: companyParams,
        response: { 200: envelope(z.array(dataExportSchema)) },
      },
    },
    async (request) => ok(await recentDataExports(ctxOf(request))),
  );

  app.get(
    '/api/:company/data-export/columns',
    {
      config: { access: user },
      schema: {
        operationId: 'listDataExportColumns',
        tags,
        summary: 'Each exportable list with its columns (the fields of its record, nested ones dotted)',
        params: companyParams,
        response: { 200: envelope(dataExportColumnsSchema) },
      },
    },
    async () => ok(exportColumns()),
  );

  app.get(
    '/api/:company/data/:token',
    {
      config: { access: user, failureMessage: MESSAGES.dataExportFetchFailed },
      schema: {
        operationId: 'downloadDataExport',
        tags,
        summary: 'Download an export (binary), named by Content-Disposition, typed by Content-Type',
        description:
          "The company's staff with the list's access only. A token of another company, or none: 404; expired " +
          `(${DATA_EXPORT_DAYS} days after it was asked for): 404 saying so; being written, or failed: 409 saying which. ` +
          'text/csv; charset=utf-8 or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.',
        params: tokenParams,
        response: { 200: z.any().meta({ description: 'text/csv or xlsx' }), 409: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await dataExportFile(ctxOf(request), request.params.token);
      reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(file.body));
    },
  );
};
