/** Products: the list (on the read replica), one product, made by hand, changed, buyout prices in bulk. */
import { envelope, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  bulkBuyoutSchema,
  PRODUCT_SORTS,
  productCreateSchema,
  productDetailSchema,
  productFiltersSchema,
  productSchema,
  productUpdateSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { listProducts } from '../product-lists.ts';
import { bulkBuyoutPrices, createProduct, getProduct, updateProduct } from '../products.ts';
import { base, company, countResult, create, pathOf, read, replica, withId, write } from './common.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${replica}/products`,
    {
      config: read,
      schema: {
        operationId: 'listProducts',
        tags: ['products'],
        summary: 'List products (search by name or shop id)',
        description: `Sort: ${PRODUCT_SORTS.join(', ')}. Filters (JSON): type, status, collection_id, source.`,
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(productSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, {
        sorts: PRODUCT_SORTS,
        defaultSort: 'id',
        defaultDesc: true,
        filters: productFiltersSchema,
      });
      const { rows, total } = await listProducts(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.post(
    `${base}/products`,
    {
      config: create('Could not create product.'),
      schema: {
        operationId: 'createProduct',
        tags: ['products'],
        summary: 'Create a product by hand, with its variants',
        params: company,
        body: productCreateSchema,
        response: { 201: envelope(productDetailSchema) },
      },
    },
    async (request, reply) => {
      const product = await createProduct(ctxOf(request), request.body);
      reply.status(201);
      return ok(product, 'Product created.');
    },
  );

  app.put(
    `${base}/products`,
    {
      config: write('Could not update buyout prices.'),
      schema: {
        operationId: 'updateBuyoutPrices',
        tags: ['products'],
        summary: 'Set the buyout prices of many products at once',
        params: company,
        body: bulkBuyoutSchema,
        response: { 200: countResult },
      },
    },
    async (request) => {
      const updated = await bulkBuyoutPrices(ctxOf(request), request.body);
      return ok({ updated }, 'Buyout prices updated.');
    },
  );

  app.get(
    `${base}/products/:id`,
    {
      config: read,
      schema: {
        operationId: 'getProduct',
        tags: ['products'],
        summary: 'One product with variants, collections and bundles',
        params: withId,
        response: { 200: envelope(productDetailSchema) },
      },
    },
    async (request) => ok(await getProduct(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/products/:id`,
    {
      config: write('Could not update product.'),
      schema: {
        operationId: 'updateProduct',
        tags: ['products'],
        summary: 'Update a product (a shop product: only Rentloop’s rental fields)',
        params: withId,
        body: productUpdateSchema,
        response: { 200: envelope(productDetailSchema) },
      },
    },
    async (request) =>
      ok(await updateProduct(ctxOf(request), request.params.id, request.body), 'Product updated.'),
  );
};
