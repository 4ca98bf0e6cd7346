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
import { registerListExport } from '../../../http/list-export.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { deleteProduct, PRODUCT_TEXTS, setProductArchived } from '../product-archive.ts';
import { listProducts, productList } from '../product-lists.ts';
import { bulkBuyoutPrices, createProduct, getProduct, updateProduct } from '../products.ts';
import {
  base,
  company,
  countResult,
  create,
  nothing,
  pathOf,
  read,
  replica,
  withId,
  write,
} from './common.ts';

const productListOptions = {
  sorts: PRODUCT_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: productFiltersSchema,
} as const;

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: `${replica}/products`,
    operationId: 'exportProducts',
    tags: ['products'],
    summary: 'Export the products list as CSV',
    access: read.access,
    params: company,
    list: productListOptions,
    record: productSchema,
    filename: 'products',
    rows: (request, p, ids) => productList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    `${replica}/products`,
    {
      config: read,
      schema: {
        operationId: 'listProducts',
        tags: ['products'],
        summary: 'List products (search by name or shop id)',
        description: `Sort: ${PRODUCT_SORTS.join(', ')}. Filters (JSON): type, status, collection_id, source, archived (true: the archived products instead of the active ones).`,
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(productSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, productListOptions);
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

  for (const [action, archive] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `${base}/products/:id/${action}`,
      {
        config: write(archive ? 'Could not archive the product.' : 'Could not restore the product.'),
        schema: {
          operationId: archive ? 'archiveProduct' : 'restoreProduct',
          tags: ['products'],
          summary: archive
            ? 'Archive a product: out of the default list (filter archived: true shows it), kept whole'
            : 'Restore an archived product to the default list',
          description: 'The product already in that state: 409.',
          params: withId,
          response: { 200: envelope(productDetailSchema) },
        },
      },
      async (request) =>
        ok(
          await setProductArchived(ctxOf(request), request.params.id, archive),
          archive ? PRODUCT_TEXTS.archived : PRODUCT_TEXTS.restored,
        ),
    );
  }

  app.delete(
    `${base}/products/:id`,
    {
      config: write('Could not delete the product.'),
      schema: {
        operationId: 'deleteProduct',
        tags: ['products'],
        summary: 'Delete a hand-made product nothing refers to, with its variants',
        description:
          'Refused with 409 and the reason (`delete_refused` of GET products/{id}): a shop product, or one whose variants are in a bundle. Archive it instead.',
        params: withId,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await deleteProduct(ctxOf(request), request.params.id);
      return ok(null, PRODUCT_TEXTS.deleted);
    },
  );
};
