import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  WEBHOOK_DELIVERY_SORTS,
  WEBHOOK_MODELS,
  WEBHOOK_SORTS,
  webhookDeliveryFiltersSchema,
  webhookDeliverySchema,
  webhookFiltersSchema,
  webhookInputSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@rentloop/domain/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { requestTransact } from '../../http/transactions.ts';
import { listMeta, listParams } from '../../lists.ts';
import { fireModel, getDelivery, listDeliveries, resendDelivery, sendTestEvent } from './deliveries.ts';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from './service.ts';

const companyParams = z.object({ company: idParam });
const webhookParams = companyParams.extend({ id: idParam });
const modelParams = webhookParams.extend({ item_id: idParam });
const deliveryParams = webhookParams.extend({ delivery_id: idParam });

const listOptions = {
  sorts: WEBHOOK_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: webhookFiltersSchema,
} as const;

const deliveryListOptions = {
  sorts: WEBHOOK_DELIVERY_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: webhookDeliveryFiltersSchema,
} as const;

// The spec's `/api/{company}/{product}db/webhooks`: the product's database segment, as every record route.
const base = '/api/:company/rentloopdb/webhooks';
// The admin pages' level (spec 02 §6): owner and admin; operators (super, support) pass as everywhere.
const admin = access.company('admin');
const tags = ['webhooks'];

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: { access: admin },
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'List webhooks (search by URL and description)',
        description: `Sort: ${WEBHOOK_SORTS.join(', ')} (default id, newest first). Filters (JSON): enabled.`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(webhookSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listWebhooks(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.post(
    base,
    {
      config: { access: admin, failureMessage: MESSAGES.webhookCreateFailed, idempotent: true },
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Create a webhook; the answer carries its signing secret (whsec_...), shown this once',
        params: companyParams,
        body: webhookInputSchema,
        response: { 201: envelope(webhookSchema) },
      },
    },
    async (request, reply) => {
      const webhook = await createWebhook(ctxOf(request), request.body);
      reply.status(201);
      return ok(webhook, MESSAGES.webhookCreated);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'One webhook (never its secret)',
        params: webhookParams,
        response: { 200: envelope(webhookSchema) },
      },
    },
    async (request) => ok(await getWebhook(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: admin, failureMessage: MESSAGES.webhookUpdateFailed },
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary:
          'Update a webhook (only the fields sent change). rotate_secret: a new secret in the answer, shown once; the previous one also signs for 24 hours',
        params: webhookParams,
        body: webhookUpdateSchema,
        response: { 200: envelope(webhookSchema) },
      },
    },
    async (request) =>
      ok(await updateWebhook(ctxOf(request), request.params.id, request.body), MESSAGES.webhookUpdated),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: admin, failureMessage: MESSAGES.webhookDeleteFailed },
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook with its deliveries',
        params: webhookParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteWebhook(ctxOf(request), request.params.id);
      return ok(null, MESSAGES.webhookDeleted);
    },
  );

  // Sends call the receiver while the person waits: no transaction around the call (short ones for the log).
  const send = {
    access: admin,
    failureMessage: MESSAGES.webhookFireFailed,
    idempotent: true,
    transaction: false,
  };

  app.post(
    `${base}/:id/model/:item_id`,
    {
      config: send,
      schema: {
        operationId: 'fireWebhook',
        tags,
        summary: "Fire the webhook now with a record's current state (type `<object>.current`)",
        description: `object: ${WEBHOOK_MODELS.join(', ')} (default order). Answers the delivery with its attempt; a failed attempt is logged, not retried.`,
        params: modelParams,
        querystring: z.object({ object: z.enum(WEBHOOK_MODELS).default('order') }),
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { id, item_id } = request.params;
      const delivery = await fireModel(ctx, requestTransact(request, ctx), id, request.query.object, item_id);
      return ok(delivery, MESSAGES.webhookFired);
    },
  );

  app.post(
    `${base}/:id/test`,
    {
      config: send,
      schema: {
        operationId: 'sendWebhookTestEvent',
        tags,
        summary: 'Send a test event (type webhook.test) now',
        params: webhookParams,
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return ok(
        await sendTestEvent(ctx, requestTransact(request, ctx), request.params.id),
        MESSAGES.webhookFired,
      );
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      config: { access: admin },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'The deliveries of a webhook, paged, newest first',
        description:
          'page, per_page (default 10, at most 100); sort: id (default newest first; desc=false for oldest first). Filters (JSON): status (pending, succeeded, failed). search is ignored.',
        params: webhookParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, deliveryListOptions);
      const { rows, total } = await listDeliveries(ctxOf(request), request.params.id, p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/:id/deliveries/:delivery_id`,
    {
      config: { access: admin },
      schema: {
        operationId: 'getWebhookDelivery',
        tags,
        summary:
          'One delivery with every attempt (status, duration, response code, first 2 kB of the answer)',
        params: deliveryParams,
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (request) => ok(await getDelivery(ctxOf(request), request.params.id, request.params.delivery_id)),
  );

  app.post(
    `${base}/:id/deliveries/:delivery_id/resend`,
    {
      config: send,
      schema: {
        operationId: 'resendWebhookDelivery',
        tags,
        summary: 'Send a delivery again now (same body and webhook-id, newly signed)',
        params: deliveryParams,
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { id, delivery_id } = request.params;
      return ok(
        await resendDelivery(ctx, requestTransact(request, ctx), id, delivery_id),
        MESSAGES.webhookFired,
      );
    },
  );
};
