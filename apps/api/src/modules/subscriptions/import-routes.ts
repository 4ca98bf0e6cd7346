/**
 * The subscription CSV import over HTTP (import.ts): the preview, the import (spec 01 §7, form data),
 * and its progress. The file arrives as multipart form data in the field `file`; @fastify/multipart is
 * registered for these routes only and reads the whole file in `preValidation`, before the route's
 * transaction opens (a slow upload never holds a database connection), at most
 * SUBSCRIPTION_IMPORT_MAX_BYTES of UTF-8 text, else a 422 naming `file`.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import { envelope, idParam } from '@rentloop/domain/api';
import {
  SUBSCRIPTION_IMPORT_MAX_BYTES,
  SUBSCRIPTION_IMPORT_MAX_ROWS,
  subscriptionImportFileSchema,
  subscriptionImportPreviewSchema,
  subscriptionImportSchema,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import {
  getSubscriptionImport,
  latestSubscriptionImport,
  previewSubscriptionImport,
  startSubscriptionImport,
} from './import.ts';
import { fileError } from './import-check.ts';

const tags = ['subscriptions'];
const companyParams = z.object({ company: idParam });
const base = '/api/:company/rentloopdb/subscriptions/import';
/** Importing writes orders and subscriptions in bulk: admins; following one, any member. */
const admin = access.company('admin');
const user = access.company('user');
const consumes = ['multipart/form-data'];
/** One file and nothing much besides: busboy stops reading past these. */
const multipartOptions = {
  limits: { fileSize: SUBSCRIPTION_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * How a CSV upload is read (this import's and the asset import's, product-tracking/import-routes.ts):
 * the `file` part as UTF-8 text into the body (a larger file: 422 `tooLarge`), its name kept beside it.
 */
export function csvUpload(tooLarge: string) {
  /** The uploaded file's name, kept beside the body (the body holds its text). */
  const fileNames = new WeakMap<FastifyRequest, string>();
  /** Reads the `file` part as text; any other file part is drained and left out of the body. */
  async function onFile(this: FastifyRequest, part: MultipartFile) {
    if (part.fieldname !== 'file') {
      part.file.resume();
      return;
    }
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(tooLarge);
      throw err;
    }
    let text: string;
    try {
      text = utf8.decode(buffer);
    } catch {
      throw fileError(TEXTS.notText);
    }
    // Shown back and stored: without control characters (PostgreSQL refuses a NUL in text).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    const name = part.filename?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
    if (name) fileNames.set(this, name);
    (part as MultipartFile & { value?: string }).value = text;
  }
  return { onFile, fileNameOf: (request: FastifyRequest) => fileNames.get(request) ?? null };
}

const { onFile, fileNameOf } = csvUpload(TEXTS.tooLarge);

export const subscriptionImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { attachFieldsToBody: 'keyValues', onFile, ...multipartOptions });

  app.post(
    `${base}/preview`,
    {
      // Nothing is written: no transaction to hold while every row is matched.
      config: { access: admin, transaction: false, multipartOptions },
      schema: {
        operationId: 'previewSubscriptionImport',
        tags,
        summary: 'Check a subscription CSV row by row without importing anything',
        description: `Multipart form data with the CSV in \`file\` (UTF-8, at most ${SUBSCRIPTION_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${SUBSCRIPTION_IMPORT_MAX_ROWS} rows). Answers the rows, how many are valid, every row error with its row (the header is row 1) and column, and the first rows as read. A file that cannot be read as a whole (no header, a missing column, too large) is a 422 on \`file\`.`,
        consumes,
        params: companyParams,
        body: subscriptionImportFileSchema,
        response: { 200: envelope(subscriptionImportPreviewSchema) },
      },
    },
    async (request) =>
      ok(await previewSubscriptionImport(ctxOf(request), request.body.file, fileNameOf(request))),
  );

  app.post(
    base,
    {
      config: { access: admin, idempotent: true, multipartOptions },
      schema: {
        operationId: 'importSubscriptions',
        tags,
        summary: 'Import subscriptions from a CSV file (a background job: all rows or none)',
        description:
          'Multipart form data with the CSV in `file`. The file is checked as the preview does; any row error is a 422 whose `errors` name each as `rows.<row>.<column>` (and `file` says how many rows have one), and nothing is imported. Otherwise answers 202 with the import; follow it with GET subscriptions/import/{id}. The job writes one order per customer and a subscription per row in one transaction: all rows or none. 409 while another import of the company is queued or running.',
        consumes,
        params: companyParams,
        body: subscriptionImportFileSchema,
        response: { 202: envelope(subscriptionImportSchema), 409: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const started = await startSubscriptionImport(ctxOf(request), request.body.file, fileNameOf(request));
      reply.status(202);
      return ok(started, TEXTS.started);
    },
  );

  app.get(
    base,
    {
      config: { access: user },
      schema: {
        operationId: 'getLatestSubscriptionImport',
        tags,
        summary: 'The latest subscription import: status, progress and result (null when none ran)',
        params: companyParams,
        response: { 200: envelope(subscriptionImportSchema.nullable()) },
      },
    },
    async (request) => ok(await latestSubscriptionImport(ctxOf(request))),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getSubscriptionImport',
        tags,
        summary: 'One subscription import: status, progress (processed of total rows) and result',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(subscriptionImportSchema) },
      },
    },
    async (request) => ok(await getSubscriptionImport(ctxOf(request), request.params.id)),
  );
};
