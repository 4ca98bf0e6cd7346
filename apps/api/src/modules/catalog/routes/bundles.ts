/** Bundles and groups, and the variants in them. */
import { envelope, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  bundleFiltersSchema,
  bundleInputSchema,
  bundleSchema,
  bundleUpdateSchema,
  bundleVariantsChangeSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { listMeta, listParams } from '../../../lists.ts';
import {
  addBundleVariants,
  createBundle,
  deleteBundle,
  getBundle,
  listBundles,
  removeBundleVariants,
  updateBundle,
} from '../bundles.ts';
import { base, company, create, nothing, pathOf, read, withId, write } from './common.ts';

export const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/bundles`,
    {
      config: read,
      schema: {
        operationId: 'listBundles',
        tags: ['bundles'],
        summary: 'List bundles (active ones unless filters.is_active is false)',
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(bundleSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, {
        sorts: ['id', 'name'] as const,
        defaultSort: 'name',
        defaultDesc: false,
        filters: bundleFiltersSchema,
      });
      const { rows, total } = await listBundles(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.post(
    `${base}/bundles`,
    {
      config: create('Could not create bundle.'),
      schema: {
        operationId: 'createBundle',
        tags: ['bundles'],
        summary: 'Create a bundle or group',
        params: company,
        body: bundleInputSchema,
        response: { 201: envelope(bundleSchema) },
      },
    },
    async (request, reply) => {
      const bundle = await createBundle(ctxOf(request), request.body);
      reply.status(201);
      return ok(bundle, 'Bundle created.');
    },
  );

  app.get(
    `${base}/bundles/:id`,
    {
      config: read,
      schema: {
        operationId: 'getBundle',
        tags: ['bundles'],
        summary: 'One bundle with its variants',
        params: withId,
        response: { 200: envelope(bundleSchema) },
      },
    },
    async (request) => ok(await getBundle(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/bundles/:id`,
    {
      config: write('Could not update bundle.'),
      schema: {
        operationId: 'updateBundle',
        tags: ['bundles'],
        summary: 'Update a bundle',
        params: withId,
        body: bundleUpdateSchema,
        response: { 200: envelope(bundleSchema) },
      },
    },
    async (request) =>
      ok(await updateBundle(ctxOf(request), request.params.id, request.body), 'Bundle updated.'),
  );

  app.delete(
    `${base}/bundles/:id`,
    {
      config: write(),
      schema: {
        operationId: 'deleteBundle',
        tags: ['bundles'],
        summary: 'Delete a bundle',
        params: withId,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await deleteBundle(ctxOf(request), request.params.id);
      return ok(null, 'Bundle deleted.');
    },
  );

  for (const action of ['add', 'remove'] as const) {
    app.post(
      `${base}/bundles/:id/variants/${action}`,
      {
        config: write('Could not change the bundle’s variants.'),
        schema: {
          operationId: action === 'add' ? 'addBundleVariants' : 'removeBundleVariants',
          tags: ['bundles'],
          summary:
            action === 'add'
              ? 'Add variants to a bundle (or change their quantity)'
              : 'Remove variants from a bundle',
          params: withId,
          body: bundleVariantsChangeSchema,
          response: { 200: envelope(bundleSchema) },
        },
      },
      async (request) => {
        const fn = action === 'add' ? addBundleVariants : removeBundleVariants;
        return ok(await fn(ctxOf(request), request.params.id, request.body), 'Bundle updated.');
      },
    );
  }
};
