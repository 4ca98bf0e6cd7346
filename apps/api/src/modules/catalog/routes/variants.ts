/**
 * Variants: the bulk change of hand-made ones, those of one product with their insights, and the list
 * (on the read replica).
 */
import { envelope, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  bulkVariantsSchema,
  VARIANT_SORTS,
  variantFiltersSchema,
  variantInsightsSchema,
  variantSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { variantInsights } from '../insights.ts';
import { listVariants } from '../product-lists.ts';
import { bulkUpdateVariants, listVariantsOfProduct } from '../variants.ts';
import { base, company, countResult, pathOf, read, replica, withId, write } from './common.ts';

export const variantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${base}/products/variants`,
    {
      config: write('Could not update variants.'),
      schema: {
        operationId: 'updateVariants',
        tags: ['products'],
        summary: 'Set price, stock or SKU of many variants (hand-made products)',
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
      const p = listParams(request.query, {
        sorts: VARIANT_SORTS,
        defaultSort: 'id',
        defaultDesc: true,
        filters: variantFiltersSchema,
      });
      const { rows, total } = await listVariants(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );
};
