/**
 * Variants: the bulk change of hand-made ones, those of one product with their insights, and the list
 * (on the read replica).
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  bulkVariantsSchema,
  VARIANT_SORTS,
  variantCreateSchema,
  variantFiltersSchema,
  variantInsightsSchema,
  variantSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { registerListExport } from '../../../http/list-export.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { variantInsights } from '../insights.ts';
import { listVariants, variantList } from '../product-lists.ts';
import { addVariant, bulkUpdateVariants, listVariantsOfProduct, removeVariant } from '../variants.ts';
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

const variantListOptions = {
  sorts: VARIANT_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: variantFiltersSchema,
} as const;

export const variantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${base}/products/variants`,
    {
      config: write('Could not update variants.'),
      schema: {
        operationId: 'updateVariants',
        tags: ['products'],
        summary: 'Set price, stock, SKU or name of many variants (hand-made products)',
        params: company,
        body: bulkVariantsSchema,
        response: { 200: countResult },
      },
    },
    async (request) => {
      const updated = await bulkUpdateVariants(ctxOf(request), request.body);
      return ok({ updated }, 'Variants updated.');
    },
  );

  app.get(
    `${base}/products/:id/variants`,
    {
      config: read,
      schema: {
        operationId: 'listProductVariants',
        tags: ['products'],
        summary: 'The variants of a product',
        params: withId,
        response: { 200: envelope(z.array(variantSchema)) },
      },
    },
    async (request) => ok(await listVariantsOfProduct(ctxOf(request), request.params.id)),
  );

  app.post(
    `${base}/products/:id/variants`,
    {
      config: create('Could not add the variant.'),
      schema: {
        operationId: 'createProductVariant',
        tags: ['products'],
        summary: 'Add a variant to a hand-made product',
        description: 'A shop product’s variants are the shop’s: 409.',
        params: withId,
        body: variantCreateSchema,
        response: { 201: envelope(variantSchema) },
      },
    },
    async (request, reply) => {
      const variant = await addVariant(ctxOf(request), request.params.id, request.body);
      reply.status(201);
      return ok(variant, 'Variant added.');
    },
  );

  app.delete(
    `${base}/products/:id/variants/:variantId`,
    {
      config: write('Could not remove the variant.'),
      schema: {
        operationId: 'deleteProductVariant',
        tags: ['products'],
        summary: 'Remove a variant of a hand-made product',
        description:
          'Refused with 409 and the reason for a shop product, the product’s last variant, and a variant a bundle holds.',
        params: withId.extend({ variantId: idParam }),
        response: { 200: nothing },
      },
    },
    async (request) => {
      await removeVariant(ctxOf(request), request.params.id, request.params.variantId);
      return ok(null, 'Variant removed.');
    },
  );

  app.get(
    `${base}/products/:id/variants/insights`,
    {
      config: read,
      schema: {
        operationId: 'getProductVariantInsights',
        tags: ['products'],
        summary: 'What the data says about a product’s variants: stock, bundles, availability',
        description:
          'Per variant: price, stock (null when not tracked), the bundles and groups it is in (and how many are active), ' +
          'the availability settings of its SKU and whether its stock is below their minimum. For the product: variants, ' +
          'tracked ones, units in stock, out of stock, below the minimum, in a bundle. No order or rental figures: those are not in the data yet.',
        params: withId,
        response: { 200: envelope(variantInsightsSchema) },
      },
    },
    async (request) => ok(await variantInsights(ctxOf(request), request.params.id)),
  );

  registerListExport(app, {
    url: `${replica}/variants`,
    operationId: 'exportVariants',
    tags: ['products'],
    summary: 'Export the variants list as CSV',
    access: read.access,
    params: company,
    list: variantListOptions,
    record: variantSchema,
    filename: 'variants',
    rows: (request, p, ids) => variantList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    `${replica}/variants`,
    {
      config: read,
      schema: {
        operationId: 'listVariants',
        tags: ['products'],
        summary: 'List variants (search by SKU or name)',
        description: `Sort: ${VARIANT_SORTS.join(', ')}. Filters (JSON): product_id.`,
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(variantSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, variantListOptions);
      const { rows, total } = await listVariants(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );
};
