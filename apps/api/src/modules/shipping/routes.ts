import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  SHIPPING_METHOD_SORTS,
  shippingCountryInputSchema,
  shippingCountrySchema,
  shippingCountryUpdateSchema,
  shippingMethodFiltersSchema,
  shippingMethodInputSchema,
  shippingMethodSchema,
  shippingMethodUpdateSchema,
  shippingRuleInputSchema,
  shippingRuleSchema,
  shippingRuleUpdateSchema,
} from '@rentloop/domain/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { listMeta, listParams } from '../../lists.ts';
import { shippingOptionsRoute } from './options-route.ts';
import {
  createShippingRule,
  deleteShippingRule,
  getMethodRule,
  getShippingRule,
  listShippingRules,
  setMethodRule,
  updateShippingRule,
} from './rules.ts';
import {
  countryMethods,
  createShippingCountry,
  createShippingMethod,
  deleteShippingCountry,
  deleteShippingMethod,
  getShippingCountry,
  getShippingMethod,
  listShippingCountries,
  listShippingMethods,
  updateShippingCountry,
  updateShippingMethod,
} from './service.ts';

const base = '/api/companies/:company/settings';
const company = z.object({ company: idParam });
const byId = company.extend({ id: idParam });
const byMethod = byId.extend({ methodId: idParam });
const admin = access.company('admin');
const tags = ['shipping'];
const listOptions = {
  sorts: SHIPPING_METHOD_SORTS,
  defaultSort: 'name',
  defaultDesc: false,
  filters: shippingMethodFiltersSchema,
} as const;

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- countries ----
  app.get(
    `${base}/shipping-countries`,
    {
      config: { access: admin },
      schema: {
        operationId: 'listShippingCountries',
        tags,
        summary: 'The shipping countries',
        params: company,
        response: { 200: envelope(z.array(shippingCountrySchema)) },
      },
    },
    async (request) => ok(await listShippingCountries(ctxOf(request))),
  );

  app.post(
    `${base}/shipping-countries`,
    {
      config: { access: admin, idempotent: true },
      schema: {
        operationId: 'createShippingCountry',
        tags,
        summary: 'Add a shipping country (regions only for CA, US, AU)',
        params: company,
        body: shippingCountryInputSchema,
        response: { 201: envelope(shippingCountrySchema) },
      },
    },
    async (request, reply) => {
      const country = await createShippingCountry(ctxOf(request), request.body);
      reply.status(201);
      return ok(country, 'Shipping country created.');
    },
  );

  app.get(
    `${base}/shipping-countries/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'getShippingCountry',
        tags,
        summary: 'One shipping country',
        params: byId,
        response: { 200: envelope(shippingCountrySchema) },
      },
    },
    async (request) => ok(await getShippingCountry(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/shipping-countries/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'updateShippingCountry',
        tags,
        summary: 'Update a shipping country',
        params: byId,
        body: shippingCountryUpdateSchema,
        response: { 200: envelope(shippingCountrySchema) },
      },
    },
    async (request) =>
      ok(
        await updateShippingCountry(ctxOf(request), request.params.id, request.body),
        'Shipping country updated.',
      ),
  );

  app.delete(
    `${base}/shipping-countries/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'deleteShippingCountry',
        tags,
        summary: 'Delete a shipping country with its methods',
        params: byId,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteShippingCountry(ctxOf(request), request.params.id);
      return ok(null, 'Shipping country deleted.');
    },
  );

  app.get(
    `${base}/shipping-countries/:id/shipping-methods`,
    {
      config: { access: admin },
      schema: {
        operationId: 'listShippingCountryMethods',
        tags,
        summary: 'The methods of a shipping country',
        params: byId,
        response: { 200: envelope(z.array(shippingMethodSchema)) },
      },
    },
    async (request) => ok(await countryMethods(ctxOf(request), request.params.id)),
  );

  app.post(
    `${base}/shipping-countries/:id/shipping-methods`,
    {
      config: { access: admin, idempotent: true },
      schema: {
        operationId: 'createShippingCountryMethod',
        tags,
        summary: 'Add a method to a shipping country',
        params: byId,
        body: shippingMethodInputSchema,
        response: { 201: envelope(shippingMethodSchema) },
      },
    },
    async (request, reply) => {
      const method = await createShippingMethod(ctxOf(request), request.params.id, request.body);
      reply.status(201);
      return ok(method, 'Shipping method created.');
    },
  );

  app.put(
    `${base}/shipping-countries/:id/shipping-methods/:methodId`,
    {
      config: { access: admin },
      schema: {
        operationId: 'updateShippingCountryMethod',
        tags,
        summary: 'Update a method of a shipping country',
        params: byMethod,
        body: shippingMethodUpdateSchema,
        response: { 200: envelope(shippingMethodSchema) },
      },
    },
    async (request) =>
      ok(
        await updateShippingMethod(ctxOf(request), request.params.methodId, request.body, request.params.id),
        'Shipping method updated.',
      ),
  );

  app.delete(
    `${base}/shipping-countries/:id/shipping-methods/:methodId`,
    {
      config: { access: admin },
      schema: {
        operationId: 'deleteShippingCountryMethod',
        tags,
        summary: 'Delete a method of a shipping country',
        params: byMethod,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteShippingMethod(ctxOf(request), request.params.methodId, request.params.id);
      return ok(null, 'Shipping method deleted.');
    },
  );

  // ---- methods (every one; POST makes a global one) ----
  app.get(
    `${base}/shipping-methods`,
    {
      config: { access: admin },
      schema: {
        operationId: 'listShippingMethods',
        tags,
        summary: 'Every shipping method (search by name and carrier)',
        description: `Sort: ${SHIPPING_METHOD_SORTS.join(', ')} (default name). Filters (JSON): global (true: the global methods only).`,
        params: company,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(shippingMethodSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listShippingMethods(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.post(
    `${base}/shipping-methods`,
    {
      config: { access: admin, idempotent: true },
      schema: {
        operationId: 'createShippingMethod',
        tags,
        summary: 'Add a global shipping method (for every shipping country)',
        params: company,
        body: shippingMethodInputSchema,
        response: { 201: envelope(shippingMethodSchema) },
      },
    },
    async (request, reply) => {
      const method = await createShippingMethod(ctxOf(request), null, request.body);
      reply.status(201);
      return ok(method, 'Shipping method created.');
    },
  );

  app.get(
    `${base}/shipping-methods/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'getShippingMethod',
        tags,
        summary: 'One shipping method',
        params: byId,
        response: { 200: envelope(shippingMethodSchema) },
      },
    },
    async (request) => ok(await getShippingMethod(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/shipping-methods/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'updateShippingMethod',
        tags,
        summary: 'Update a shipping method',
        params: byId,
        body: shippingMethodUpdateSchema,
        response: { 200: envelope(shippingMethodSchema) },
      },
    },
    async (request) =>
      ok(
        await updateShippingMethod(ctxOf(request), request.params.id, request.body),
        'Shipping method updated.',
      ),
  );

  app.delete(
    `${base}/shipping-methods/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'deleteShippingMethod',
        tags,
        summary: 'Delete a shipping method with its rule',
        params: byId,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteShippingMethod(ctxOf(request), request.params.id);
      return ok(null, 'Shipping method deleted.');
    },
  );

  app.get(
    `${base}/shipping-methods/:id/shipping-rule`,
    {
      config: { access: admin },
      schema: {
        operationId: 'getShippingMethodRule',
        tags,
        summary: 'The rule pricing a method (404 when it has none)',
        params: byId,
        response: { 200: envelope(shippingRuleSchema) },
      },
    },
    async (request) => ok(await getMethodRule(ctxOf(request), request.params.id)),
  );

  app.post(
    `${base}/shipping-methods/:id/shipping-rule`,
    {
      config: { access: admin },
      schema: {
        operationId: 'setShippingMethodRule',
        tags,
        summary: 'Set the rule pricing a method (bands by cart value or weight; replaces its rule)',
        params: byId,
        body: shippingRuleInputSchema,
        response: { 200: envelope(shippingRuleSchema) },
      },
    },
    async (request) =>
      ok(await setMethodRule(ctxOf(request), request.params.id, request.body), 'Shipping rule saved.'),
  );

  // ---- rules ----
  app.get(
    `${base}/shipping-rules`,
    {
      config: { access: admin },
      schema: {
        operationId: 'listShippingRules',
        tags,
        summary: 'Every shipping rule (the methods’ and the standalone ones)',
        params: company,
        response: { 200: envelope(z.array(shippingRuleSchema)) },
      },
    },
    async (request) => ok(await listShippingRules(ctxOf(request))),
  );

  app.post(
    `${base}/shipping-rules`,
    {
      config: { access: admin, idempotent: true },
      schema: {
        operationId: 'createShippingRule',
        tags,
        summary: 'Add a standalone rule: block or surcharge products to countries or regions ("CA-NU")',
        params: company,
        body: shippingRuleInputSchema,
        response: { 201: envelope(shippingRuleSchema) },
      },
    },
    async (request, reply) => {
      const rule = await createShippingRule(ctxOf(request), request.body);
      reply.status(201);
      return ok(rule, 'Shipping rule created.');
    },
  );

  app.get(
    `${base}/shipping-rules/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'getShippingRule',
        tags,
        summary: 'One shipping rule',
        params: byId,
        response: { 200: envelope(shippingRuleSchema) },
      },
    },
    async (request) => ok(await getShippingRule(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/shipping-rules/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'updateShippingRule',
        tags,
        summary: 'Update a shipping rule',
        params: byId,
        body: shippingRuleUpdateSchema,
        response: { 200: envelope(shippingRuleSchema) },
      },
    },
    async (request) =>
      ok(await updateShippingRule(ctxOf(request), request.params.id, request.body), 'Shipping rule updated.'),
  );

  app.delete(
    `${base}/shipping-rules/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'deleteShippingRule',
        tags,
        summary: 'Delete a shipping rule',
        params: byId,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteShippingRule(ctxOf(request), request.params.id);
      return ok(null, 'Shipping rule deleted.');
    },
  );

  await app.register(shippingOptionsRoute);
};
