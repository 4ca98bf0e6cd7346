/**
 * The asset CSV import over HTTP (import.ts; spec 02 §7 "POST .../{product}db/product-tracking/import
 * with form data (CSV)"): the preview, the import and its progress, as the subscription import's routes
 * (subscriptions/import-routes.ts), whose upload reading this uses: the file in the multipart field
 * `file`, read whole before the route's transaction opens, at most ASSET_IMPORT_MAX_BYTES of UTF-8.
 */
import multipart from '@fastify/multipart';
import { envelope, idParam } from '@rentloop/domain/api';
import {
  ASSET_IMPORT_TEXTS as A,
  ASSET_IMPORT_MAX_BYTES,
  ASSET_IMPORT_MAX_ROWS,
  assetImportPreviewSchema,
  assetImportSchema,
} from '@rentloop/domain/asset-import';
import {
  subscriptionImportFileSchema as fileSchema,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { csvUpload } from '../subscriptions/import-routes.ts';
import { getAssetImport, latestAssetImport, previewAssetImport, startAssetImport } from './import.ts';

const tags = ['product-tracking'];
const companyParams = z.object({ company: idParam });
const base = '/api/:company/rentloopdb/product-tracking/import';
/** Importing creates the fleet in bulk: admins; following one, any member. */
const admin = access.company('admin');
const user = access.company('user');
const consumes = ['multipart/form-data'];
const multipartOptions = {
  limits: { fileSize: ASSET_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
};
const { onFile, fileNameOf } = csvUpload(A.tooLarge);
const fileLimits = `UTF-8, at most ${ASSET_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${ASSET_IMPORT_MAX_ROWS} rows`;

export const assetImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { attachFieldsToBody: 'keyValues', onFile, ...multipartOptions });

  app.post(
    `${base}/preview`,
    {
      // Nothing is written: no transaction to hold while every row is matched.
      config: { access: admin, transaction: false, multipartOptions },
      schema: {
        operationId: 'previewAssetImport',
        tags,
        summary: 'Check an asset CSV row by row without importing anything',
        description: `Multipart form data with the CSV in \`file\` (${fileLimits}); columns serial_number and sku (required), purchase_date, purchase_cost, location, condition_note. Answers the rows, how many are valid, every row error with its row (the header is row 1) and column (a serial number missing, repeated in the file or already an asset's ignoring case; an unknown SKU; a bad purchase date or cost), and the first rows as read. A file that cannot be read as a whole is a 422 on \`file\`.`,
        consumes,
        params: companyParams,
        body: fileSchema,
        response: { 200: envelope(assetImportPreviewSchema) },
      },
    },
    async (request) => ok(await previewAssetImport(ctxOf(request), request.body.file, fileNameOf(request))),
  );

  app.post(
    base,
    {
      config: { access: admin, idempotent: true, multipartOptions },
      schema: {
        operationId: 'importProductTracking',
        tags,
        summary: 'Import assets from a CSV file (a background job: all rows or none)',
        description:
          "Multipart form data with the CSV in `file`, checked as the preview does; any row error is a 422 whose `errors` name each as `rows.<row>.<column>` (and `file` says how many rows have one), and nothing is imported. Otherwise answers 202 with the import; follow it with GET product-tracking/import/{id}. The job creates every asset in stock, with its history and the variants' stock, in one transaction: all rows or none. 409 while another asset import of the company is queued or running.",
        consumes,
        params: companyParams,
        body: fileSchema,
        response: { 202: envelope(assetImportSchema), 409: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const started = await startAssetImport(ctxOf(request), request.body.file, fileNameOf(request));
      reply.status(202);
      return ok(started, TEXTS.started);
    },
  );

  app.get(
    base,
    {
      config: { access: user },
      schema: {
        operationId: 'getLatestAssetImport',
        tags,
        summary: 'The latest asset import: status, progress and result (null when none ran)',
        params: companyParams,
        response: { 200: envelope(assetImportSchema.nullable()) },
      },
    },
    async (request) => ok(await latestAssetImport(ctxOf(request))),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getAssetImport',
        tags,
        summary: 'One asset import: status, progress (processed of total rows) and result',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(assetImportSchema) },
      },
    },
    async (request) => ok(await getAssetImport(ctxOf(request), request.params.id)),
  );
};
