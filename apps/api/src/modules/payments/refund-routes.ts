/**
 * Refunds (spec 01 §7): POST invoices/{id}/refund and POST refund-payments, with the spec's Refund
 * payload. Both call a gateway, so they run outside the request transaction (`transaction: false`) and
 * take an Idempotency-Key (a repeat answers the first result and refunds nothing more).
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { refundInputSchema, refundResultSchema } from '@rentloop/domain/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { transactions } from '../../db/schema/index.ts';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { errorSchema } from '../../http/openapi.ts';
import { requestTransact } from '../../http/transactions.ts';
import { getInvoice } from '../invoices/records.ts';
import { getTransaction } from './records.ts';
import { refundInvoice, refundMessage, refundOrder } from './refunds.ts';

const tags = ['invoices'];
const companyParams = z.object({ company: idParam });
const idParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

const description = [
  'Exactly one of: `full_refund: true` (everything still refundable), `amount` (gross, split over the',
  "original's VAT rates in proportion to its breakdown, exact to the cent, the cents left to the largest",
  'remainders), or `items` (invoice lines by `position`, with a `quantity`; the whole line when left out)',
  'and/or `products` (order items by `order_item_id`). `cumulated_items` is refused (422) until cumulated',
  'invoices exist. Each refund issues a refund invoice (type `partial_refund`, or `full_refund` when it',
  'gives back everything still refundable; own number, negative lines, `original_invoice` set) and a refund',
  'attempt at the gateway of the payment it reverses, committed before the gateway is called. Never more',
  'than was paid: more than is left is a 422 on `amount` or a 409 (also when a concurrent refund took it).',
  'A gateway refusal answers 200 with status false and its message; the refund invoice is then `failed`.',
].join(' ');

async function answer(ctx: Ctx, attempts: (typeof transactions.$inferSelect)[]) {
  const refunds = [];
  for (const a of attempts)
    refunds.push({
      invoice: await getInvoice(ctx, a.invoice_id as number),
      transaction: await getTransaction(ctx, a.id),
    });
  return { ...refundMessage(attempts), data: { refunds } };
}

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = {
    access: user,
    transaction: false,
    idempotent: true,
    failureMessage: MESSAGES.invoiceRefundFailed,
  };
  app.post(
    `${base}/invoices/:id/refund`,
    {
      config,
      schema: {
        operationId: 'refundInvoice',
        tags,
        summary:
          'Refund an invoice, fully, by amount or by lines: a refund invoice and a refund at the gateway',
        description,
        params: idParams,
        body: refundInputSchema,
        response: { 200: envelope(refundResultSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return answer(
        ctx,
        await refundInvoice(ctx, requestTransact(request, ctx), request.params.id, request.body),
      );
    },
  );

  app.post(
    `${base}/refund-payments`,
    {
      config,
      schema: {
        operationId: 'refundPayments',
        tags: ['orders'],
        summary: "Refund an order's payments: one refund invoice and gateway refund per paid invoice",
        description: `${description} \`order_id\` is required. \`full_refund\` refunds every paid invoice of the order; an \`amount\` is taken from the newest paid invoice first; \`items\` name their \`invoice_id\`; \`products\` are lines of the order's initial invoice.`,
        params: companyParams,
        body: refundInputSchema,
        response: { 200: envelope(refundResultSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return answer(ctx, await refundOrder(ctx, requestTransact(request, ctx), request.body));
    },
  );
};
