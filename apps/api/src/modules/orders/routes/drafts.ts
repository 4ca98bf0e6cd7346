/**
 * Quotes (draft orders, spec 01 §7 "Draft orders"): the lists (the read replica lists the ordinary
 * quotes, the main API the consumable ones), one quote, create, change, delete, finalise, mail.
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { orderDetailSchema } from '@rentloop/domain/order-details';
import {
  DRAFT_ORDER_SORTS,
  draftOrderFiltersSchema,
  orderInputSchema,
  orderListRowSchema,
} from '@rentloop/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../http/access.ts';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { deleteDraftOrder, updateDraftOrder } from '../drafts.ts';
import { createDraftOrder, finaliseDraft } from '../placement.ts';
import { getOrder, listOrders } from '../records.ts';

const tags = ['draft orders'];
const companyParams = z.object({ company: idParam });
const draftParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

const draftListOptions = {
  sorts: DRAFT_ORDER_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: draftOrderFiltersSchema,
} as const;

export const draftOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [url, consumable, operationId] of [
    ['/read-replica/:company/rentloopdb/draft-orders', false, 'listDraftOrders'],
    [`${base}/draft-orders`, true, 'listConsumableDraftOrders'],
  ] as const) {
    app.get(
      url,
      {
        config: { access: user },
        schema: {
          operationId,
          tags,
          summary: consumable
            ? 'List the consumable quotes'
            : 'List quotes (search by customer name or email)',
          description: `Sort: ${DRAFT_ORDER_SORTS.join(', ')} (default id, newest first). Filters (JSON): customer_id, product_id, created_from, created_to.`,
          params: companyParams,
          querystring: listQuerySchema,
          response: { 200: paginatedEnvelope(orderListRowSchema) },
        },
      },
      async (request) => {
        const p = listParams(request.query, draftListOptions);
        const { rows, total } = await listOrders(
          ctxOf(request),
          { ...p, filters: { ...p.filters, consumable } },
          { draft: true },
        );
        return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
      },
    );
  }

  app.post(
    `${base}/draft-orders`,
    {
      config: { access: user, failureMessage: MESSAGES.orderQuoteCreateFailed, idempotent: true },
      schema: {
        operationId: 'createDraftOrder',
        tags,
        summary: 'Create a quote: priced like an order, no number, no subscriptions until finalised',
        params: companyParams,
        body: orderInputSchema,
        response: { 201: envelope(z.object({ draft_id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const draft_id = await createDraftOrder(ctxOf(request), request.body);
      reply.status(201);
      return ok({ draft_id }, MESSAGES.orderQuoteCreated);
    },
  );

  app.get(
    `${base}/draft-orders/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getDraftOrder',
        tags,
        summary: 'One quote with its items (an order that is no longer a quote: 404)',
        params: draftParams,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => ok(await getOrder(ctxOf(request), request.params.id, { draft: true })),
  );

  app.put(
    `${base}/draft-orders/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.orderQuoteCreateFailed },
      schema: {
        operationId: 'updateDraftOrder',
        tags,
        summary: 'Replace a quote’s customer, items, addresses, shipping and voucher; priced again now',
        params: draftParams,
        body: orderInputSchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await updateDraftOrder(ctx, request.params.id, request.body);
      return ok(await getOrder(ctx, request.params.id, { draft: true }), MESSAGES.orderQuoteUpdated);
    },
  );

  app.delete(
    `${base}/draft-orders/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.orderDeleteFailed },
      schema: {
        operationId: 'deleteDraftOrder',
        tags,
        summary: 'Delete a quote (an order is cancelled instead, never deleted)',
        params: draftParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteDraftOrder(ctxOf(request), request.params.id);
      return ok(null, MESSAGES.orderDeleted);
    },
  );

  app.post(
    `${base}/orders/swap-draft/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.orderFinaliseFailed },
      schema: {
        operationId: 'finaliseDraftOrder',
        tags,
        summary: 'Finalise a quote: it gets its order number, its rented units become subscriptions',
        description:
          'At the prices it was quoted at, in one transaction; the voucher’s use is counted now (one no longer valid: 422 on `voucher_code`, as when it is priced). Not a quote: 409.',
        params: draftParams,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await finaliseDraft(ctx, request.params.id);
      return ok(await getOrder(ctx, request.params.id), MESSAGES.orderFinalised);
    },
  );
};
