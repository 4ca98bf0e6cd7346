/**
 * Recurring payments (spec 01 §7 "Recurring payments"): the list and its CSV export, one payment, what
 * was refunded of it, what staff may do to it, and the charge of up to 10 of them (spec 01 §9).
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  RECURRING_PAYMENT_SORTS,
  RECURRING_PAYMENTS_CHARGE_LIMIT,
  recurringPaymentActionsSchema,
  recurringPaymentChargeResultSchema,
  recurringPaymentSchema,
  recurringPaymentsChargeSchema,
  refundedAmountSchema,
} from '@rentloop/domain/recurring-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { requestTransact } from '../../http/transactions.ts';
import { listMeta, listParams } from '../../lists.ts';
import { chargeRecurringPayments } from './charge.ts';
import { recurringPaymentList } from './list.ts';
import { getRecurringPayment, recurringPaymentActions, recurringPaymentListOptions } from './records.ts';

const tags = ['recurring-payments'];
const companyParams = z.object({ company: idParam });
const url = '/read-replica/:company/rentloopdb/recurring-payments';
const base = '/api/:company/rentloopdb/recurring-payments';
const idParams = z.object({ company: idParam, id: idParam });
const listOptions = recurringPaymentListOptions;

export const recurringPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url,
    operationId: 'exportRecurringPayments',
    tags,
    summary: 'Export the recurring payments list as CSV',
    access: access.company('user'),
    params: companyParams,
    list: listOptions,
    record: recurringPaymentSchema,
    filename: 'recurring-payments',
    rows: (request, p, ids) => recurringPaymentList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    url,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'listRecurringPayments',
        tags,
        summary: 'List recurring payments (one per billing period of a subscription)',
        description: `Sort: ${RECURRING_PAYMENT_SORTS.join(', ')} (default due_date, latest first). Filters (JSON): status, subscription_id, customer_id, order_id, due_from, due_to (dates inclusive). refunded_amount: the succeeded refunds of its invoice.`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(recurringPaymentSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await recurringPaymentList.list(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.post(
    `${base}/charge`,
    {
      config: {
        access: access.company('user'),
        transaction: false,
        idempotent: true,
        failureMessage: MESSAGES.invoiceChargeFailed,
      },
      schema: {
        operationId: 'chargeRecurringPayments',
        tags,
        summary: `Charge up to ${RECURRING_PAYMENTS_CHARGE_LIMIT} due recurring payments now, one result per payment`,
        description:
          'Each payment is charged as the billing run would: its invoice issued if it has none, an attempt committed as processing, the gateway called, the answer recorded. A payment that cannot be charged (not due, paid, no payment method) has ok false and the reason, and is left as it was; an id that is not the company’s makes the request a 404 before anything is charged.',
        params: companyParams,
        body: recurringPaymentsChargeSchema,
        response: { 200: envelope(z.array(recurringPaymentChargeResultSchema)) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const results = await chargeRecurringPayments(ctx, requestTransact(request, ctx), request.body.ids);
      return ok(results, MESSAGES.recurringPaymentsCharged);
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getRecurringPayment',
        tags,
        summary: 'One recurring payment, as the list shows it',
        params: idParams,
        response: { 200: envelope(recurringPaymentSchema) },
      },
    },
    async (request) => ok(await getRecurringPayment(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/:id/refunded-amount`,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getRecurringPaymentRefundedAmount',
        tags,
        summary: 'What was refunded of the recurring payment (the succeeded refunds of its invoice)',
        params: idParams,
        response: { 200: envelope(refundedAmountSchema) },
      },
    },
    async (request) => {
      const rp = await getRecurringPayment(ctxOf(request), request.params.id);
      return ok({ refunded_amount: rp.refunded_amount });
    },
  );

  app.get(
    `${base}/:id/actions`,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getRecurringPaymentActions',
        tags,
        summary:
          'What staff may do to the recurring payment now (charge when due), from its transition table',
        params: idParams,
        response: { 200: envelope(recurringPaymentActionsSchema) },
      },
    },
    async (request) => ok(await recurringPaymentActions(ctxOf(request), request.params.id)),
  );
};
