/**
 * Catalog routes (spec 01 §7 "Products, variants, bundles, collections, tax"; spec 02 "Availability
 * settings"). Staff read; owners and admins change the catalog.
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope, safeText } from '@rentloop/domain/api';
import {
  availabilitySettingInputSchema,
  availabilitySettingSchema,
  availabilitySettingUpdateSchema,
  bulkBuyoutSchema,
  bulkVariantsSchema,
  bundleFiltersSchema,
  bundleInputSchema,
  bundleSchema,
  bundleUpdateSchema,
  bundleVariantsChangeSchema,
  collectionInputSchema,
  collectionSchema,
  collectionUpdateSchema,
  PRODUCT_CLASSES,
  PRODUCT_SORTS,
  productCreateSchema,
  productDetailSchema,
  productFiltersSchema,
  productSchema,
  productSyncSchema,
  productUpdateSchema,
  taxConfigSchema,
  taxConfigUpdateSchema,
  taxImportResultSchema,
  taxResolutionSchema,
  taxRuleInputSchema,
  taxRuleSchema,
  taxRuleUpdateSchema,
  VARIANT_SORTS,
  variantFiltersSchema,
  variantInsightsSchema,
  variantSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, companyActorOf } from '../../http/access.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { auditedTransaction } from '../../http/transactions.ts';
import { listMeta, listParams } from '../../lists.ts';
import { getCompany } from '../companies/service.ts';
import {
  createAvailability,
  deleteAvailability,
  getAvailability,
  listAvailability,
  updateAvailability,
} from './availability.ts';
import {
  addBundleVariants,
  createBundle,
  deleteBundle,
  getBundle,
  listBundles,
  removeBundleVariants,
  updateBundle,
} from './bundles.ts';
import { createCollection, deleteCollection, listCollections, updateCollection } from './collections.ts';
import { variantInsights } from './insights.ts';
import {
  bulkBuyoutPrices,
  bulkUpdateVariants,
  createProduct,
  getProduct,
  listProducts,
  listVariants,
  listVariantsOfProduct,
  updateProduct,
} from './products.ts';
import { latestProductSync, startProductSync } from './sync.ts';
import {
  createTaxRule,
  deleteTaxRule,
  listTaxRules,
  resolveTaxRate,
  taxConfig,
  updateTaxConfig,
  updateTaxRule,
} from './tax.ts';
import { importTaxRates } from './tax-import.ts';

const base = '/api/:company/rentloopdb';
const replica = '/read-replica/:company/rentloopdb';
const company = z.object({ company: idParam });
const withId = company.extend({ id: idParam });
const read = { access: access.company('user') };
const write = (failureMessage?: string) => ({ access: access.company('admin'), failureMessage });
/** A POST that creates something: a repeat with the same Idempotency-Key gets the first answer. */
const create = (failureMessage?: string) => ({ ...write(failureMessage), idempotent: true });
const countResult = envelope(z.object({ updated: z.number().int() }));
const nothing = envelope(z.null());
const pathOf = (url: string) => url.split('?')[0] ?? '';
const simpleList = {
  sorts: ['id'] as const,
  defaultSort: 'id' as const,
  defaultDesc: false,
  filters: z.object({}),
};

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- products ----
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
      const { rows, total } = await listProducts(request.db, companyActorOf(request).companyId, p);
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
      const product = await createProduct(request.db, companyActorOf(request).companyId, request.body);
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
      const updated = await bulkBuyoutPrices(request.db, companyActorOf(request).companyId, request.body);
      return ok({ updated }, 'Buyout prices updated.');
    },
  );

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
      const updated = await bulkUpdateVariants(request.db, companyActorOf(request).companyId, request.body);
      return ok({ updated }, 'Variants updated.');
    },
  );

  app.post(
    `${base}/products/sync`,
    {
      config: create(),
      schema: {
        operationId: 'startProductSync',
        tags: ['products'],
        summary: 'Start a product sync from the connected shop (a background job)',
        description:
          'Answers 202 with the sync record; follow its progress with GET products/sync. 409 when no shop is connected or a sync is already running.',
        params: company,
        response: { 202: envelope(productSyncSchema), 409: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = companyActorOf(request);
      const { shop_system } = await getCompany(request.db, actor, actor.companyId);
      const sync = await startProductSync(request.db, app.deps, actor.companyId, shop_system);
      reply.status(202);
      return ok(sync, 'Product sync started.');
    },
  );

  app.get(
    `${base}/products/sync`,
    {
      config: read,
      schema: {
        operationId: 'getProductSync',
        tags: ['products'],
        summary: 'The latest product sync: status, progress and result (null when none ran)',
        params: company,
        response: { 200: envelope(productSyncSchema.nullable()) },
      },
    },
    async (request) => ok(await latestProductSync(request.db, companyActorOf(request).companyId)),
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
    async (request) => ok(await getProduct(request.db, companyActorOf(request).companyId, request.params.id)),
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
      ok(
        await updateProduct(request.db, companyActorOf(request).companyId, request.params.id, request.body),
        'Product updated.',
      ),
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
    async (request) =>
      ok(await listVariantsOfProduct(request.db, companyActorOf(request).companyId, request.params.id)),
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
    async (request) =>
      ok(await variantInsights(request.db, companyActorOf(request).companyId, request.params.id)),
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
      const { rows, total } = await listVariants(request.db, companyActorOf(request).companyId, p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  // ---- bundles ----
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
      const { rows, total } = await listBundles(request.db, companyActorOf(request).companyId, p);
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
      const bundle = await createBundle(request.db, companyActorOf(request).companyId, request.body);
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
    async (request) => ok(await getBundle(request.db, companyActorOf(request).companyId, request.params.id)),
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
      ok(
        await updateBundle(request.db, companyActorOf(request).companyId, request.params.id, request.body),
        'Bundle updated.',
      ),
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
      await deleteBundle(request.db, companyActorOf(request).companyId, request.params.id);
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
        return ok(
          await fn(request.db, companyActorOf(request).companyId, request.params.id, request.body),
          'Bundle updated.',
        );
      },
    );
  }

  // ---- collections ----
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
      const { rows, total } = await listCollections(request.db, companyActorOf(request).companyId, p);
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
      const collection = await createCollection(request.db, companyActorOf(request).companyId, request.body);
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
      ok(
        await updateCollection(
          request.db,
          companyActorOf(request).companyId,
          request.params.id,
          request.body,
        ),
        'Collection updated.',
      ),
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
      await deleteCollection(request.db, companyActorOf(request).companyId, request.params.id);
      return ok(null, 'Collection deleted.');
    },
  );

  // ---- tax ----
  app.get(
    `${base}/tax-configs`,
    {
      config: read,
      schema: {
        operationId: 'getTaxConfig',
        tags: ['tax'],
        summary: 'The company’s tax configuration (default rate, product classes)',
        params: company,
        response: { 200: envelope(taxConfigSchema) },
      },
    },
    async (request) => ok(await taxConfig(request.db, companyActorOf(request).companyId)),
  );

  app.put(
    `${base}/tax-configs`,
    {
      config: write('Could not update the tax configuration.'),
      schema: {
        operationId: 'updateTaxConfig',
        tags: ['tax'],
        summary: 'Set the default tax rate and whether prices include tax',
        params: company,
        body: taxConfigUpdateSchema,
        response: { 200: envelope(taxConfigSchema) },
      },
    },
    async (request) =>
      ok(
        await updateTaxConfig(request.db, companyActorOf(request).companyId, request.body),
        'Tax configuration updated.',
      ),
  );

  app.get(
    `${base}/tax-rules`,
    {
      config: read,
      schema: {
        operationId: 'listTaxRules',
        tags: ['tax'],
        summary: 'List tax rules (by country, region, product class)',
        description: 'Optional filters: country (two letters), product_class (the rules of one tax class).',
        params: company,
        querystring: listQuerySchema.extend({
          country: z.string().trim().toLowerCase().length(2).optional(),
          product_class: z.enum(PRODUCT_CLASSES).optional(),
        }),
        response: { 200: paginatedEnvelope(taxRuleSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, simpleList);
      const { rows, total } = await listTaxRules(request.db, companyActorOf(request).companyId, {
        ...p,
        country: request.query.country,
        productClass: request.query.product_class,
      });
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.get(
    `${base}/tax-rules/resolve`,
    {
      config: read,
      schema: {
        operationId: 'resolveTaxRate',
        tags: ['tax'],
        summary: 'The rate for a shipping address and product class (most specific rule, else the default)',
        params: company,
        querystring: z.object({
          country: z
            .string()
            .trim()
            .toLowerCase()
            .regex(/^[a-z]{2}$/, 'Must be a two-letter country code.'),
          region: z.string().trim().max(10).optional(),
          product_class: z.enum(PRODUCT_CLASSES).default('standard'),
        }),
        response: { 200: envelope(taxResolutionSchema) },
      },
    },
    async (request) =>
      ok(
        await resolveTaxRate(request.db, companyActorOf(request).companyId, {
          country: request.query.country,
          region: request.query.region,
          productClass: request.query.product_class,
        }),
      ),
  );

  app.post(
    `${base}/tax-rules`,
    {
      config: create('Could not create tax rule.'),
      schema: {
        operationId: 'createTaxRule',
        tags: ['tax'],
        summary: 'Create a tax rule',
        params: company,
        body: taxRuleInputSchema,
        response: { 201: envelope(taxRuleSchema) },
      },
    },
    async (request, reply) => {
      const rule = await createTaxRule(request.db, companyActorOf(request).companyId, request.body);
      reply.status(201);
      return ok(rule, 'Tax rule created.');
    },
  );

  app.post(
    `${base}/tax-rules/refresh`,
    {
      // Outside the request transaction: the shop is called first, the rules written after
      // (db/transaction-scope.ts).
      config: { ...write('Could not refresh the tax rules from the shop.'), transaction: false },
      schema: {
        operationId: 'refreshTaxRules',
        tags: ['tax'],
        summary: 'Import the tax rates of the connected shop (WooCommerce) as tax rules',
        description:
          '409 when no shop is connected, or it refuses or cannot give its rates; 503 when unreachable.',
        params: company,
        response: { 200: envelope(taxImportResultSchema), 409: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const result = await importTaxRates(
        request.db,
        (write) => auditedTransaction(request, write),
        app.deps.secrets,
        companyActorOf(request).companyId,
        { adapterOptions: { allowPrivateAddresses: app.deps.allowPrivateShopUrls } },
      );
      return ok(result, 'Tax rules refreshed from the shop.');
    },
  );

  app.put(
    `${base}/tax-rules/:id`,
    {
      config: write('Could not update tax rule.'),
      schema: {
        operationId: 'updateTaxRule',
        tags: ['tax'],
        summary: 'Update a tax rule',
        params: withId,
        body: taxRuleUpdateSchema,
        response: { 200: envelope(taxRuleSchema) },
      },
    },
    async (request) =>
      ok(
        await updateTaxRule(request.db, companyActorOf(request).companyId, request.params.id, request.body),
        'Tax rule updated.',
      ),
  );

  app.delete(
    `${base}/tax-rules/:id`,
    {
      config: write(),
      schema: {
        operationId: 'deleteTaxRule',
        tags: ['tax'],
        summary: 'Delete a tax rule',
        params: withId,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await deleteTaxRule(request.db, companyActorOf(request).companyId, request.params.id);
      return ok(null, 'Tax rule deleted.');
    },
  );

  // ---- availability settings ----
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
      const { rows, total } = await listAvailability(request.db, companyActorOf(request).companyId, p);
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
      const setting = await createAvailability(request.db, companyActorOf(request).companyId, request.body);
      reply.status(201);
      return ok(setting, 'Availability settings saved.');
    },
  );

  // A text parameter: bad text (a NUL) is a 422 naming sku_name, not a 404 like a malformed id.
  const bySku = company.extend({ sku_name: safeText().min(1).max(100) });
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
    async (request) =>
      ok(await getAvailability(request.db, companyActorOf(request).companyId, request.params.sku_name)),
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
        await updateAvailability(
          request.db,
          companyActorOf(request).companyId,
          request.params.sku_name,
          request.body,
        ),
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
      await deleteAvailability(request.db, companyActorOf(request).companyId, request.params.sku_name);
      return ok(null, 'Availability settings deleted.');
    },
  );
};
