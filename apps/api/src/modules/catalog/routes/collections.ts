/** Product collections. */
import { envelope, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { collectionInputSchema, collectionSchema, collectionUpdateSchema } from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { registerListExport } from '../../../http/list-export.ts';
import { listMeta, listParams } from '../../../lists.ts';
import {
  collectionList,
  createCollection,
  deleteCollection,
  listCollections,
  updateCollection,
} from '../collections.ts';
import { base, company, create, nothing, pathOf, read, simpleList, withId, write } from './common.ts';

export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: `${base}/product-collections`,
    operationId: 'exportCollections',
    tags: ['collections'],
    summary: 'Export the collections list as CSV',
    access: read.access,
    params: company,
    list: simpleList,
    record: collectionSchema,
    filename: 'collections',
    // The list is by id, ascending, whatever `desc` says (listCollections).
    rows: (request, p, ids) => collectionList.batches(ctxOf(request), { ...p, desc: false }, { ids }),
  });

  app.get(
    `${base}/product-collections`,
    {
      config: read,
      schema: {
        operationId: 'listCollections',
        tags: ['collections'],
        summary: 'List collections',
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(collectionSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, simpleList);
      const { rows, total } = await listCollections(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.post(
    `${base}/product-collections`,
    {
      config: create('Could not create collection.'),
      schema: {
        operationId: 'createCollection',
        tags: ['collections'],
        summary: 'Create a collection',
        params: company,
        body: collectionInputSchema,
        response: { 201: envelope(collectionSchema) },
      },
    },
    async (request, reply) => {
      const collection = await createCollection(ctxOf(request), request.body);
      reply.status(201);
      return ok(collection, 'Collection created.');
    },
  );

  app.put(
    `${base}/product-collections/:id`,
    {
      config: write('Could not update collection.'),
      schema: {
        operationId: 'updateCollection',
        tags: ['collections'],
        summary: 'Update a collection (product_ids replaces its products)',
        params: withId,
        body: collectionUpdateSchema,
        response: { 200: envelope(collectionSchema) },
      },
    },
    async (request) =>
      ok(await updateCollection(ctxOf(request), request.params.id, request.body), 'Collection updated.'),
  );

  app.delete(
    `${base}/product-collections/:id`,
    {
      config: write(),
      schema: {
        operationId: 'deleteCollection',
        tags: ['collections'],
        summary: 'Delete a collection (its products stay)',
        params: withId,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await deleteCollection(ctxOf(request), request.params.id);
      return ok(null, 'Collection deleted.');
    },
  );
};
