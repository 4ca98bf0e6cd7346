/**
 * One-time payments and buyouts (spec 01 §7 "Orders: POST one-time-payments", "Subscriptions: GET
 * subscriptions/{id}/buyout, POST subscriptions/{id}/process-buyout"). The POSTs call a gateway, so they
 * run outside the request transaction (`transaction: false`) in short audited ones, and take an
 * Idempotency-Key (a repeat answers the first result and charges nothing more).
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  buyoutOfferSchema,
  buyoutResultSchema,
  oneTimePaymentInputSchema,
  oneTimePaymentResultSchema,
} from '@rentloop/domain/one-time-payments';
import { subscriptionBuyoutSchema } from '@rentloop/domain/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { transactions } from '../../db/schema/index.ts';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { requestTransact } from '../../http/transactions.ts';
import { getInvoice } from '../invoices/records.ts';
import { buyoutQuote, processBuyout } from '../subscriptions/buyout.ts';
import { chargeOneTimePayment } from './one-time-payments.ts';
import { getTransaction } from './records.ts';

const companyParams = z.object({ company: idParam });
const idParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

const charging = [
  'The invoice is issued through the one issue path (own gapless number, the VAT breakdown by the one tax',
  "function, taxed by the order's tax rule) and charged on the order's payment method (the gateway of its",
  "initial invoice, else the company's default; the customer's stored method there): the attempt is",
  'committed as processing with its provider key before the gateway is called. A decline answers 200 with',
  'status false and the gateway’s message; the invoice is then `failed` and can be charged again',
  '(`POST invoices/{id}/charge`).',
].join(' ');

/** The answer's message: ours on success (or pending), the gateway's words on a decline. */
function outcome(
  t: Pick<typeof transactions.$inferSelect, 'state' | 'decline_message'>,
  saved: string,
  failed: string,
) {
  if (t.state === 'succeeded' || t.state === 'pending') return { status: true, message: saved };
  return { status: false, message: t.decline_message ?? failed };
}

async function charged(ctx: Ctx, invoiceId: number, attemptId: number) {
  return { invoice: await getInvoice(ctx, invoiceId), transaction: await getTransaction(ctx, attemptId) };
}

export const oneTimePaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${base}/one-time-payments`,
    {
      config: {
        access: user,
        transaction: false,
        idempotent: true,
        failureMessage: MESSAGES.oneTimePaymentFailed,
      },
      schema: {
        operationId: 'createOneTimePayment',
        tags: ['orders'],
        summary:
          'Charge a one-time payment on an order: an invoice of type "one time payment" and its charge',
        description: `\`products\` give the lines (\`product\`: a catalog product's id or the line's text; \`amount\`: the unit amount; \`tax_percent\`; \`quantity\`); \`amount\` alone is one line at the subscription's tax rate (else the order's first item's); with both, \`amount\` must be the products' total. \`subscription_id\` must be of the order (422). Another company's order or subscription: 404. ${charging}`,
        params: companyParams,
        body: oneTimePaymentInputSchema,
        response: { 200: envelope(oneTimePaymentResultSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const { invoiceId, attempt } = await chargeOneTimePayment(
        ctx,
        requestTransact(request, ctx),
        request.body,
      );
      return {
        ...outcome(attempt, MESSAGES.oneTimePaymentCharged, MESSAGES.oneTimePaymentFailed),
        data: await charged(ctx, invoiceId, attempt.id),
      };
    },
  );

  app.get(
    `${base}/subscriptions/:id/buyout`,
    {
      config: { access: user },
      schema: {
        operationId: 'getSubscriptionBuyout',
        tags: ['subscriptions'],
        summary:
          'The buyout offer: the buyout price less what was paid on the subscription (never below zero)',
        params: idParams,
        response: { 200: envelope(buyoutOfferSchema) },
      },
    },
    async (request) => ok(await buyoutQuote(ctxOf(request), request.params.id)),
  );

  app.post(
    `${base}/subscriptions/:id/process-buyout`,
    {
      config: { access: user, transaction: false, idempotent: true, failureMessage: MESSAGES.buyoutFailed },
      schema: {
        operationId: 'processSubscriptionBuyout',
        tags: ['subscriptions'],
        summary:
          'Buy out a subscription: ended with action bought_out, unbilled payments deleted, the buyout charged',
        description: `In one transaction: the status becomes \`ended\` with the action \`bought_out\` (\`bought_out_at\` set; never reactivated), the recurring payments not billed yet (scheduled or parked, without invoice) are deleted, and a one-time payment of \`buyout_price\` is issued as an invoice of type \`buyout\` with its attempt. Then the gateway is called. A \`buyout_price\` of 0 ends the subscription without an invoice. From active, paused, cancellation requested or pending buyout; else 409. ${charging} The subscription stays bought out after a decline: the invoice is owed.`,
        params: idParams,
        body: subscriptionBuyoutSchema,
        response: { 200: envelope(buyoutResultSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const id = request.params.id;
      const { invoiceId, attempt } = await processBuyout(
        ctx,
        requestTransact(request, ctx),
        id,
        request.body,
      );
      const done = invoiceId !== null && attempt !== null ? await charged(ctx, invoiceId, attempt.id) : null;
      return {
        ...(attempt
          ? outcome(attempt, MESSAGES.buyoutProcessed, MESSAGES.buyoutFailed)
          : { status: true, message: MESSAGES.buyoutProcessed }),
        data: {
          subscription_id: id,
          status: 'ended',
          invoice: done?.invoice ?? null,
          transaction: done?.transaction ?? null,
        },
      };
    },
  );
};
