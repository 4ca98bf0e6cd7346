/** Orders (spec 01 §7 "Orders"): the list, one order, its actions and history, and the changes. */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { bulkAnswerSchema, orderDetailSchema } from '@rentloop/domain/order-details';
import {
  draftFromSubscriptionSchema,
  ORDER_SORTS,
  orderActionsSchema,
  orderCancelSchema,
  orderCloneSchema,
  orderFiltersSchema,
  orderHistoryEntrySchema,
  orderInputSchema,
  orderListRowSchema,
  ordersBulkUpdateSchema,
  orderUpdateSchema,
} from '@rentloop/domain/orders';
import { paymentMethodSchema } from '@rentloop/domain/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../../errors.ts';
import { access } from '../../../http/access.ts';
import { ctxOf } from '../../../http/context.ts';
import { ok, paginated } from '../../../http/envelope.ts';
import { registerListExport } from '../../../http/list-export.ts';
import { requestTransact } from '../../../http/transactions.ts';
import { listMeta, listParams } from '../../../lists.ts';
import { orderMoney, orderPaymentMethods } from '../../payments/records.ts';
import { cancelOrderAndRefund, refundMessage } from '../../payments/refunds.ts';
import { cloneOrder, draftFromSubscription, orderHistory, updateOrder, updateOrders } from '../changes.ts';
import { orderActions, ordersByIds } from '../figures.ts';
import { createOrder } from '../placement.ts';
import { getOrder, listOrders, orderList, orderRow } from '../records.ts';

const tags = ['orders'];
const companyParams = z.object({ company: idParam });
const orderParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

export const orderListOptions = {
  sorts: ORDER_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: orderFiltersSchema,
} as const;

const amountAnswer = (key: string) => envelope(z.object({ [key]: z.string() }));

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: '/read-replica/:company/rentloopdb/orders',
    operationId: 'exportOrders',
    tags,
    summary: 'Export the orders list as CSV',
    access: user,
    params: companyParams,
    list: orderListOptions,
    record: orderListRowSchema,
    filename: 'orders',
    rows: (request, p, ids) => orderList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    '/read-replica/:company/rentloopdb/orders',
    {
      config: { access: user },
      schema: {
        operationId: 'listOrders',
        tags,
        summary: 'List orders (not quotes; search by order number, customer name or email)',
        description: `Sort: ${ORDER_SORTS.join(', ')} (default id, newest first). Filters (JSON): status, payment_status, tag, customer_id, product_id, created_from, created_to, consumable (true: the consumable orders instead).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(orderListRowSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, orderListOptions);
      const { rows, total } = await listOrders(ctxOf(request), p, { draft: false });
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/orders/bulk`,
    {
      config: { access: user },
      schema: {
        operationId: 'getOrdersBulk',
        tags,
        summary: 'Several orders at once (ids comma-separated, at most 100); ids of no order are left out',
        params: companyParams,
        querystring: z.object({
          ids: z
            .string()
            .max(2000)
            .regex(/^\d{1,15}(,\d{1,15}){0,99}$/, 'Order ids, comma-separated (at most 100).'),
        }),
        response: { 200: envelope(z.array(orderListRowSchema)) },
      },
    },
    async (request) => ok(await ordersByIds(ctxOf(request), request.query.ids.split(',').map(Number))),
  );

  app.get(
    `${base}/orders/:id/payment-methods`,
    {
      config: { access: user },
      schema: {
        operationId: 'getOrderPaymentMethods',
        tags,
        summary:
          "The order's customer's stored payment methods (gateway references, never card numbers), default first",
        params: orderParams,
        response: { 200: envelope(z.array(paymentMethodSchema)) },
      },
    },
    async (request) => ok(await orderPaymentMethods(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/orders/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getOrder',
        tags,
        summary: 'One order or quote, with its items and subscriptions',
        params: orderParams,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => ok(await getOrder(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/orders/:id/actions`,
    {
      config: { access: user },
      schema: {
        operationId: 'getOrderActions',
        tags,
        summary: 'What may be done to the order now (from its transition table)',
        params: orderParams,
        response: { 200: envelope(orderActionsSchema) },
      },
    },
    async (request) => ok(await orderActions(ctxOf(request), request.params.id)),
  );

  for (const [path, key, operationId, summary] of [
    ['refunded-amount', 'refunded_amount', 'getOrderRefundedAmount', 'What has been refunded on the order'],
    ['revenue', 'revenue', 'getOrderRevenue', 'What the order has brought in: settled payments less refunds'],
  ] as const) {
    app.get(
      `${base}/orders/:id/${path}`,
      {
        config: { access: user },
        schema: {
          operationId,
          tags,
          summary,
          description: 'Computed from the order’s succeeded payments and refunds (transactions).',
          params: orderParams,
          response: { 200: amountAnswer(key) },
        },
      },
      async (request) => ok({ [key]: (await orderMoney(ctxOf(request), request.params.id))[key] }),
    );
  }

  app.get(
    `${base}/order-history`,
    {
      config: { access: user, failureMessage: MESSAGES.tagHistoryFetchFailed },
      schema: {
        operationId: 'getOrderHistory',
        tags,
        summary: "The order's tag history (sub-statuses), newest first",
        params: companyParams,
        querystring: z.object({ order_id: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.array(orderHistoryEntrySchema)) },
      },
    },
    async (request) => ok(await orderHistory(ctxOf(request), request.query.order_id)),
  );

  app.post(
    `${base}/orders/full`,
    {
      config: { access: user, failureMessage: MESSAGES.orderCreateFailed, idempotent: true },
      schema: {
        operationId: 'createOrder',
        tags,
        summary:
          'Place an order: priced from the catalog, taxed, shipped, discounted; numbered; subscriptions made',
        description:
          'Prices, tax rates and names come from the catalog, the tax rules and the shipping methods, never from the request. The order settings decide whether it starts open (numbered, its rented units become subscriptions) or as a quote.',
        params: companyParams,
        body: orderInputSchema,
        response: { 201: envelope(orderDetailSchema) },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const id = await createOrder(ctx, request.body);
      reply.status(201);
      return ok(await getOrder(ctx, id), MESSAGES.orderCreated);
    },
  );

  app.post(
    `${base}/orders/draft`,
    {
      config: { access: user, failureMessage: MESSAGES.draftOrderCreateFailed, idempotent: true },
      schema: {
        operationId: 'createDraftFromSubscription',
        tags,
        summary: "A quote for a subscription's customer and rented variant, priced today",
        params: companyParams,
        body: draftFromSubscriptionSchema,
        response: { 201: envelope(z.object({ draft_id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const draft_id = await draftFromSubscription(ctxOf(request), request.body.subscription_id);
      reply.status(201);
      return ok({ draft_id }, MESSAGES.orderQuoteCreated);
    },
  );

  app.post(
    `${base}/orders/:id/clone`,
    {
      config: { access: user, failureMessage: MESSAGES.orderCreateFailed, idempotent: true },
      schema: {
        operationId: 'cloneOrder',
        tags,
        summary: 'A new order like the original: same customer, items, addresses and shipping, priced today',
        description: 'The body names the original (`original_order_id`), as the path does.',
        params: orderParams,
        body: orderCloneSchema,
        response: { 201: envelope(orderDetailSchema) },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      await orderRow(ctx, request.params.id);
      if (request.body.original_order_id !== request.params.id)
        throw invalid('original_order_id', 'Must be the id of the order in the path.');
      const id = await cloneOrder(ctx, request.params.id);
      reply.status(201);
      return ok(await getOrder(ctx, id), MESSAGES.orderCreated);
    },
  );

  app.post(
    `${base}/orders/:id/cancel`,
    {
      config: {
        access: user,
        transaction: false,
        idempotent: true,
        failureMessage: MESSAGES.orderCancelFailed,
      },
      schema: {
        operationId: 'cancelOrder',
        tags,
        summary: 'Cancel an open order or a quote; its running subscriptions are cancelled with it',
        description:
          'A reason of "None" is no reason. A fulfilled or cancelled order: 409. With `refunded: true` everything the order paid is refunded (as POST refund-payments with full_refund): the refund attempts are committed with the cancellation, the gateways called after; a refusal answers status false with its message (the order stays cancelled). Takes an Idempotency-Key.',
        params: orderParams,
        body: orderCancelSchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const refunds = await cancelOrderAndRefund(
        ctx,
        requestTransact(request, ctx),
        request.params.id,
        request.body,
      );
      const refused = refundMessage(refunds);
      return {
        status: refused.status,
        message: refused.status ? MESSAGES.orderCancelled : refused.message,
        data: await getOrder(ctx, request.params.id),
      };
    },
  );

  app.put(
    `${base}/orders`,
    {
      config: { access: user, failureMessage: MESSAGES.ordersUpdateFailed },
      schema: {
        operationId: 'updateOrders',
        tags,
        summary: 'One tag and/or status for many orders, with a result per order',
        description:
          'Each order changes on its own: one that may not (its transition refuses, or no such order) is reported with the reason and the others still change.',
        params: companyParams,
        body: ordersBulkUpdateSchema,
        response: {
          200: envelope(bulkAnswerSchema),
        },
      },
    },
    async (request) => ok(await updateOrders(ctxOf(request), request.body), MESSAGES.ordersUpdated),
  );

  app.put(
    `${base}/orders/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.orderUpdateFailed },
      schema: {
        operationId: 'updateOrder',
        tags,
        summary: 'Change the tag (sub-status) and its date, the note, or the status through its transitions',
        params: orderParams,
        body: orderUpdateSchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await updateOrder(ctx, request.params.id, request.body);
      return ok(await getOrder(ctx, request.params.id), MESSAGES.orderUpdated);
    },
  );
};
