/** Tax: the company configuration, the rules, the rate of an address, the import from the shop. */
import { envelope, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  PRODUCT_CLASSES,
  taxConfigSchema,
  taxConfigUpdateSchema,
  taxImportResultSchema,
  taxResolutionSchema,
  taxRuleInputSchema,
  taxRuleSchema,
  taxRuleUpdateSchema,
} from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withDb } from '../../../context.ts';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { errorSchema } from '../../../http/openapi.ts';
import { auditedTransaction } from '../../../http/transactions.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { settingsWritten } from '../../settings/routes/sections.ts';
import {
  createTaxRule,
  deleteTaxRule,
  listTaxRules,
  resolveTaxRate,
  taxConfig,
  updateTaxConfig,
  updateTaxRule,
} from '../tax.ts';
import { importTaxRates } from '../tax-import.ts';
import { base, company, create, nothing, pathOf, read, simpleList, withId, write } from './common.ts';

export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ok(await taxConfig(ctxOf(request))),
  );

  app.put(
    `${base}/tax-configs`,
    {
      config: write('Could not update the tax configuration.'),
      // The configuration is the checkout_taxes settings section: its cached copy is dirty once committed.
      onResponse: settingsWritten,
      schema: {
        operationId: 'updateTaxConfig',
        tags: ['tax'],
        summary: 'Set the default tax rate and whether prices include tax',
        params: company,
        body: taxConfigUpdateSchema,
        response: { 200: envelope(taxConfigSchema) },
      },
    },
    async (request) => ok(await updateTaxConfig(ctxOf(request), request.body), 'Tax configuration updated.'),
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
      const { rows, total } = await listTaxRules(ctxOf(request), {
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
        await resolveTaxRate(ctxOf(request), {
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
      const rule = await createTaxRule(ctxOf(request), request.body);
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
      const ctx = ctxOf(request);
      const result = await importTaxRates(ctx, (work) =>
        auditedTransaction(request, (tx) => work(withDb(ctx, tx))),
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
      ok(await updateTaxRule(ctxOf(request), request.params.id, request.body), 'Tax rule updated.'),
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
      await deleteTaxRule(ctxOf(request), request.params.id);
      return ok(null, 'Tax rule deleted.');
    },
  );
};
