/**
 * An order's items (tracking and serial numbers), the swap of a missing product, the order's customer
 * details, and the price preview of the order builder.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { CREDIT_TEXTS, creditCheckQuerySchema, creditCheckSchema } from '@rentloop/domain/credit-checks';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  orderCustomerSchema,
  orderCustomerUpdateSchema,
  orderDetailSchema,
  orderPriceSchema,
} from '@rentloop/domain/order-details';
import {
  orderInputSchema,
  orderItemSchema,
  orderItemUpdateSchema,
  orderSwapSchema,
} from '@rentloop/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withDb } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import { access } from '../../../http/access.ts';
import { ctxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { errorSchema } from '../../../http/openapi.ts';
import { auditedTransaction } from '../../../http/transactions.ts';
import { updateOrderItem } from '../changes.ts';
import { checkOrderCustomerCredit } from '../credit-check.ts';
import { getOrderCustomer, updateOrderCustomer } from '../customer.ts';
import { pricePreview } from '../preview.ts';
import { getOrder } from '../records.ts';
import { swapMissingProduct } from '../swap.ts';

const companyParams = z.object({ company: idParam });
const idParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');
const tags = ['orders'];

export const orderItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${base}/order_items/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.orderItemUpdateFailed },
      schema: {
        operationId: 'updateOrderItem',
        tags,
        summary: 'Set an item’s tracking number (`action: add_tracking_number`) or its serial number',
        params: idParams,
        body: orderItemUpdateSchema,
        response: { 200: envelope(orderItemSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const orderId = await updateOrderItem(ctx, request.params.id, request.body);
      const item = (await getOrder(ctx, orderId)).items.find((i) => i.id === request.params.id);
      if (!item) throw notFound();
      return ok(item, MESSAGES.orderItemUpdated);
    },
  );

  app.post(
    `${base}/orders/swap`,
    {
      config: { access: user, failureMessage: MESSAGES.swapFailed },
      schema: {
        operationId: 'swapOrderProduct',
        tags,
        summary: 'Swap a missing product: its subscription awaits a replacement, the order is tagged',
        description:
          '`order` is the order, `missing_product` the item whose unit is missing. The unit’s running subscription goes to "pending replacement" and the order gets the tag "replacement" (its history keeps reason and note). A reason of "None" and an empty note are dropped.',
        params: companyParams,
        body: orderSwapSchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await swapMissingProduct(ctx, request.body);
      return ok(await getOrder(ctx, request.body.order), MESSAGES.swapSucceeded);
    },
  );

  app.post(
    `${base}/orders/price`,
    {
      config: { access: user },
      schema: {
        operationId: 'priceOrder',
        tags,
        summary:
          'Price an order without placing it: lines, tax, shipping, discount and totals (the order builder)',
        description: 'The body of `POST orders/full`. Nothing is written; a problem is a 422 on its field.',
        params: companyParams,
        body: orderInputSchema,
        response: { 200: envelope(orderPriceSchema) },
      },
    },
    async (request) => ok(await pricePreview(ctxOf(request), request.body)),
  );

  app.get(
    '/read-replica/:company/rentloopdb/order_customers/:id',
    {
      config: { access: user },
      schema: {
        operationId: 'getOrderCustomer',
        tags,
        summary: 'The customer details an order was placed with (its snapshot), by order id',
        params: idParams,
        response: { 200: envelope(orderCustomerSchema) },
      },
    },
    async (request) => ok(await getOrderCustomer(ctxOf(request), request.params.id)),
  );

  app.put(
    `${base}/order/customer/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.orderCustomerUpdateFailed },
      schema: {
        operationId: 'updateOrderCustomer',
        tags,
        summary: 'Correct the customer details of an order (by order id): name, email, phone, addresses',
        description:
          'Changes the order’s snapshot, not the customer record. Each address is checked by its country’s rules (postal code, region, phone).',
        params: idParams,
        body: orderCustomerUpdateSchema,
        response: { 200: envelope(orderCustomerSchema) },
      },
    },
    async (request) =>
      ok(
        await updateOrderCustomer(ctxOf(request), request.params.id, request.body),
        MESSAGES.orderCustomerUpdated,
      ),
  );

  app.get(
    `${base}/order_customers/:id/crif`,
    {
      // Outside any transaction: the provider is called first, the result written after.
      config: { access: user, transaction: false },
      schema: {
        operationId: 'checkOrderCustomerCredit',
        tags,
        summary: 'Credit check (CRIF) of an order’s customer, by order id: the decision, score and reference',
        description:
          'Answers the latest stored check while it is recent (`reused: true`); `refresh=true` asks the provider again. 409 when no provider is configured (Settings, section credit_check) or the order has no address; 502 when the provider fails (nothing is stored then).',
        params: idParams,
        querystring: creditCheckQuerySchema,
        response: { 200: envelope(creditCheckSchema), 409: errorSchema, 502: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const refresh = request.query.refresh === 'true' || request.query.refresh === '1';
      const check = await checkOrderCustomerCredit(
        ctx,
        request.params.id,
        (work) => auditedTransaction(request, (tx) => work(withDb(ctx, tx))),
        { refresh },
      );
      return ok(check, check.reused ? CREDIT_TEXTS.reused : CREDIT_TEXTS.checked);
    },
  );
};
