/** Availability settings per SKU (spec 02 "Availability settings"). */
import { envelope, idParam, listQuerySchema, paginatedEnvelope, safeText } from '@rentloop/domain/api';
import {
  availabilitySettingInputSchema,
  availabilitySettingSchema,
  availabilitySettingUpdateSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { listMeta, listParams } from '../../../lists.ts';
import {
  createAvailability,
  deleteAvailability,
  getAvailability,
  listAvailability,
  updateAvailability,
} from '../availability.ts';
import { base, company, create, nothing, pathOf, read, simpleList, write } from './common.ts';

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  // A text parameter: bad text (a NUL) is a 422 naming sku_name, not a 404 like a malformed id.
  const bySku = company.extend({ sku_name: safeText().min(1).max(100) });

  app.get(
    `${base}/availability_settings`,
    {
      config: read,
      schema: {
        operationId: 'listAvailabilitySettings',
        tags: ['availability'],
        summary: 'List availability settings (search by SKU)',
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(availabilitySettingSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, simpleList);
      const { rows, total } = await listAvailability(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.post(
    `${base}/availability_settings`,
    {
      config: create('Could not save availability settings.'),
      schema: {
        operationId: 'createAvailabilitySetting',
        tags: ['availability'],
        summary: 'Create availability settings for a SKU',
        params: company,
        body: availabilitySettingInputSchema,
        response: { 201: envelope(availabilitySettingSchema) },
      },
    },
    async (request, reply) => {
      const setting = await createAvailability(ctxOf(request), request.body);
      reply.status(201);
      return ok(setting, 'Availability settings saved.');
    },
  );

  app.get(
    `${base}/availability_settings/:sku_name`,
    {
      config: read,
      schema: {
        operationId: 'getAvailabilitySetting',
        tags: ['availability'],
        summary: 'Availability settings of a SKU',
        params: bySku,
        response: { 200: envelope(availabilitySettingSchema) },
      },
    },
    async (request) => ok(await getAvailability(ctxOf(request), request.params.sku_name)),
  );

  app.put(
    `${base}/availability_settings/:sku_name`,
    {
      config: write('Could not save availability settings.'),
      schema: {
        operationId: 'updateAvailabilitySetting',
        tags: ['availability'],
        summary: 'Update the availability settings of a SKU',
        params: bySku,
        body: availabilitySettingUpdateSchema,
        response: { 200: envelope(availabilitySettingSchema) },
      },
    },
    async (request) =>
      ok(
        await updateAvailability(ctxOf(request), request.params.sku_name, request.body),
        'Availability settings saved.',
      ),
  );

  // By id, under the name of the SKU of GET and PUT: OpenAPI allows one name per path shape.
  app.delete(
    `${base}/availability_settings/:sku_name`,
    {
      config: write(),
      schema: {
        operationId: 'deleteAvailabilitySetting',
        tags: ['availability'],
        summary: 'Delete availability settings by id (the path segment is their id, not a SKU)',
        params: company.extend({ sku_name: idParam }),
        response: { 200: nothing },
      },
    },
    async (request) => {
      await deleteAvailability(ctxOf(request), request.params.sku_name);
      return ok(null, 'Availability settings deleted.');
    },
  );
};
