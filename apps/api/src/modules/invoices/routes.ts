/**
 * Invoices and payments (spec 01 §7 "Invoices", "Transactions", "Orders": charge, generate-offline-invoice).
 * Routes that call a gateway run outside the request transaction (`transaction: false`) and write in
 * short audited transactions; every money POST takes an Idempotency-Key.
 */

import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  INVOICE_ZIP_DAYS,
  INVOICES_ZIP_LIMIT,
  invoicesZipSchema,
  invoiceZipSchema,
} from '@rentloop/domain/invoice-zips';
import {
  generateOfflineInvoiceSchema,
  INVOICE_PAYMENT_TRANSITIONS,
  INVOICE_SORTS,
  invoiceActionsSchema,
  invoiceChargeSchema,
  invoiceFiltersSchema,
  invoiceListRowSchema,
  invoicePdfQuerySchema,
  invoiceQuerySchema,
  invoiceSchema,
  invoiceSettleSchema,
} from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { orderChargeSchema } from '@rentloop/domain/orders';
import {
  TRANSACTION_SORTS,
  transactionDetailSchema,
  transactionFiltersSchema,
  transactionSchema,
} from '@rentloop/domain/payments';
import { allowedActions } from '@rentloop/domain/transitions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { errorSchema } from '../../http/openapi.ts';
import { requestTransact } from '../../http/transactions.ts';
import { listMeta, listParams } from '../../lists.ts';
import { handOverAllowed } from '../debt-collection/claims.ts';
import { chargeInvoice, settleInvoice } from '../payments/charge.ts';
import { transactionList } from '../payments/list.ts';
import { chargeOrder, generateOfflineInvoice } from '../payments/order-charge.ts';
import { getTransaction } from '../payments/records.ts';
import { collectionFacts, correctionActions } from './corrections.ts';
import { invoiceList } from './list.ts';
import { getInvoice, invoicePdf, invoiceRow, invoicesBy } from './records.ts';
import { invoiceZipFile, requestInvoicesZip } from './zip.ts';

const tags = ['invoices'];
const companyParams = z.object({ company: idParam });
const idParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

const invoiceListOptions = {
  sorts: INVOICE_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: invoiceFiltersSchema,
} as const;
const transactionListOptions = {
  sorts: TRANSACTION_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: transactionFiltersSchema,
} as const;

const chargeAnswer = envelope(z.object({ invoice: invoiceSchema, transaction: transactionDetailSchema }));

/** What staff may start on an invoice: the table's actions without the gateway's own answers. */
const STAFF_ACTIONS = new Set(['charge', 'settle']);

/** A charge's answer: the spec's success text, or the gateway's own message when it did not succeed. */
function chargeMessage(t: { state: string; decline_message: string | null }) {
  if (t.state === 'succeeded' || t.state === 'pending')
    return { status: true, message: MESSAGES.invoiceCharged };
  return { status: false, message: t.decline_message ?? MESSAGES.invoiceChargeFailed };
}

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoicesUrl = '/read-replica/:company/rentloopdb/paginated-invoices';
  registerListExport(app, {
    url: invoicesUrl,
    operationId: 'exportInvoices',
    tags,
    summary: 'Export the invoices list as CSV',
    access: user,
    params: companyParams,
    list: invoiceListOptions,
    record: invoiceListRowSchema,
    filename: 'invoices',
    rows: (request, p, ids) => invoiceList.batches(ctxOf(request), p, { ids }),
  });
  app.get(
    invoicesUrl,
    {
      config: { access: user, failureMessage: MESSAGES.invoiceFetchFailed },
      schema: {
        operationId: 'listInvoices',
        tags,
        summary: "List invoices (search by number, buyer's name, email)",
        description: `Sort: ${INVOICE_SORTS.join(', ')} (default id, newest first). Filters (JSON): status, type, payment_status, gateway, customer_id, order_id, subscription_id, recurring_payment_id, issued_from, issued_to, due_from, due_to, recovered_from, recovered_to (the day the invoice was charged after a failed attempt, UTC), unpaid (true: issued, positive total, not settled, not cancelled by an issued cancellation; false: the others) (dates inclusive).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(invoiceListRowSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, invoiceListOptions);
      const { rows, total } = await invoiceList.list(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  const transactionsUrl = '/read-replica/:company/rentloopdb/transactions';
  registerListExport(app, {
    url: transactionsUrl,
    operationId: 'exportTransactions',
    tags: ['transactions'],
    summary: 'Export the transactions list as CSV',
    access: user,
    params: companyParams,
    list: transactionListOptions,
    record: transactionSchema,
    filename: 'transactions',
    rows: (request, p, ids) => transactionList.batches(ctxOf(request), p, { ids }),
  });
  app.get(
    transactionsUrl,
    {
      config: { access: user },
      schema: {
        operationId: 'listTransactions',
        tags: ['transactions'],
        summary: 'List payment attempts (charges and refunds)',
        description: `Sort: ${TRANSACTION_SORTS.join(', ')} (default id, newest first). Filters (JSON): gateway, kind, state, provider_status, settlement, decline_reason, invoice_id, order_id, customer_id, created_from, created_to.`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(transactionSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, transactionListOptions);
      const { rows, total } = await transactionList.list(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/invoices/pdf`,
    {
      config: { access: user, failureMessage: MESSAGES.invoicePdfDownloadFailed },
      schema: {
        operationId: 'getInvoicePdf',
        tags,
        summary: 'The stored PDF of an invoice (binary), named by Content-Disposition',
        description: 'The bytes stored at issue, never re-rendered. 409 while the PDF has not been made yet.',
        params: companyParams,
        querystring: invoicePdfQuerySchema,
        response: { 200: z.any().meta({ description: 'application/pdf' }) },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await invoicePdf(ctxOf(request), request.query.id);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      return pdf;
    },
  );

  app.post(
    `${base}/invoices/zip`,
    {
      config: { access: user, idempotent: true, failureMessage: MESSAGES.invoicesZipFailed },
      schema: {
        operationId: 'zipInvoices',
        tags,
        summary: `Download the PDFs of up to ${INVOICES_ZIP_LIMIT} invoices as one ZIP, by a link mailed to you`,
        description: `Answers 202 "${MESSAGES.invoicesZipQueued}" with the download (queued). A job zips the invoices' stored PDFs (making any not made yet), named by invoice number, and mails the signed-in user a link to it, valid ${INVOICE_ZIP_DAYS} days (GET invoices/zip/{id}). An id that is not one of the company's invoices: 404 before anything is recorded; an invoice not issued yet (no PDF): 409 naming it as ids.<n>; more than ${INVOICES_ZIP_LIMIT} ids: 422 on ids.`,
        params: companyParams,
        body: invoicesZipSchema,
        response: { 202: envelope(invoiceZipSchema), 409: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const queued = await requestInvoicesZip(ctxOf(request), request.body.ids);
      reply.status(202);
      return ok(queued, MESSAGES.invoicesZipQueued);
    },
  );

  app.get(
    `${base}/invoices/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.invoiceFetchFailed },
      schema: {
        operationId: 'getInvoice',
        tags,
        summary: 'One invoice: its frozen document (lines, VAT breakdown, HTML) and payment status',
        params: idParams,
        response: { 200: envelope(invoiceSchema) },
      },
    },
    async (request) => ok(await getInvoice(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/invoices`,
    {
      config: { access: user, failureMessage: MESSAGES.invoiceFetchFailed },
      schema: {
        operationId: 'getInvoicesBy',
        tags,
        summary:
          'The invoices of an order, subscription, recurring payment or payment (exactly one query key)',
        params: companyParams,
        querystring: invoiceQuerySchema,
        response: { 200: envelope(z.array(invoiceSchema)) },
      },
    },
    async (request) => ok(await invoicesBy(ctxOf(request), request.query.key, request.query.id)),
  );

  app.get(
    `${base}/invoices/:id/actions`,
    {
      config: { access: user },
      schema: {
        operationId: 'getInvoiceActions',
        tags,
        summary:
          'What staff may do to the invoice now: charge, settle (its payment status table), cancel, edit (a replacement draft), debt_collection (hand it over: debt collection configured, no claim yet, issued, unpaid, past due, not below the smallest claim)',
        params: idParams,
        response: { 200: envelope(invoiceActionsSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const invoice = await getInvoice(ctx, request.params.id);
      const transaction =
        invoice.transaction_id === null ? null : await getTransaction(ctx, invoice.transaction_id);
      const open = transaction && ['created', 'processing', 'unknown'].includes(transaction.state) ? 1 : 0;
      const row = await invoiceRow(ctx, invoice.id);
      const actions = allowedActions(INVOICE_PAYMENT_TRANSITIONS, invoice.payment_status, {
        issued: invoice.status === 'issued',
        open_attempts: open,
        ...(await collectionFacts(ctx, row)),
      })
        .filter((a) => STAFF_ACTIONS.has(a.action))
        // A refund (or cancellation) gives money back: never charged; settled by hand only while its
        // refund waits for the money to go out (offline), docs/decisions.md 42.
        .filter(
          (a) =>
            !invoice.gross.startsWith('-') ||
            (a.action === 'settle' && invoice.payment_status === 'pending payment'),
        );
      // The corrections (corrections.ts): they leave the payment status as it is.
      const corrections = (await correctionActions(ctx, row)).map((action) => ({
        action,
        to: invoice.payment_status,
      }));
      const handOver = (await handOverAllowed(ctx, invoice.id))
        ? [{ action: 'debt_collection' as const, to: invoice.payment_status }]
        : [];
      return ok({ status: invoice.payment_status, actions: [...actions, ...corrections, ...handOver] });
    },
  );

  app.post(
    `${base}/invoices/:id/charge`,
    {
      config: {
        access: user,
        transaction: false,
        idempotent: true,
        failureMessage: MESSAGES.invoiceChargeFailed,
      },
      schema: {
        operationId: 'chargeInvoice',
        tags,
        summary: 'Charge the invoice at its gateway (offline: it becomes pending payment)',
        description:
          'The attempt is committed as processing before the gateway is called, and the answer recorded after. 409 while another attempt of the invoice is open or when it is settled.',
        params: idParams,
        body: invoiceChargeSchema,
        response: { 200: chargeAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const attempt = await chargeInvoice(
        ctx,
        requestTransact(request, ctx),
        request.params.id,
        request.body.message,
      );
      const transaction = await getTransaction(ctx, attempt.id);
      return {
        ...chargeMessage(transaction),
        data: { invoice: await getInvoice(ctx, request.params.id), transaction },
      };
    },
  );

  app.post(
    `${base}/invoices/:id/settle`,
    {
      config: { access: user, idempotent: true, failureMessage: MESSAGES.invoiceSettleFailed },
      schema: {
        operationId: 'settleInvoice',
        tags,
        summary: 'Mark the invoice paid with the reference of the money received (a transfer, cash)',
        params: idParams,
        body: invoiceSettleSchema,
        response: { 200: envelope(invoiceSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await settleInvoice(ctx, request.params.id, request.body.transaction_id);
      return ok(await getInvoice(ctx, request.params.id), MESSAGES.invoiceSettled);
    },
  );

  app.get(
    `${base}/invoices/zip/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getInvoicesZip',
        tags,
        summary: 'A ZIP of invoice PDFs made by POST invoices/zip (binary), named by Content-Disposition',
        description: `The company's staff only (another company's: 404). 409 while it is being made, or when it could not be made; 404 once it expired (${INVOICE_ZIP_DAYS} days after it was asked for).`,
        params: idParams,
        response: { 200: z.any().meta({ description: 'application/zip' }) },
      },
    },
    async (request, reply) => {
      const { zip, fileName } = await invoiceZipFile(ctxOf(request), request.params.id);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return zip;
    },
  );

  app.post(
    `${base}/orders/:id/charge`,
    {
      config: {
        access: user,
        transaction: false,
        idempotent: true,
        failureMessage: MESSAGES.invoiceChargeFailed,
      },
      schema: {
        operationId: 'chargeOrder',
        tags: ['orders'],
        summary: "Charge the order's initial payment (issues its initial invoice first)",
        description:
          'Only while the payment status is payment_required, else 409 "Order does not require initial payment."',
        params: idParams,
        body: orderChargeSchema,
        response: { 200: chargeAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const answer = await chargeOrder(
        ctx,
        requestTransact(request, ctx),
        request.params.id,
        request.body.message,
      );
      return { ...chargeMessage(answer.transaction), data: answer };
    },
  );

  app.post(
    '/api/:company/order/generate-offline-invoice',
    {
      config: { access: user, idempotent: true, failureMessage: MESSAGES.invoiceCreateFailed },
      schema: {
        operationId: 'generateOfflineInvoice',
        tags: ['orders'],
        summary: "Issue the order's initial invoice on the offline gateway (answers the existing one)",
        params: companyParams,
        body: generateOfflineInvoiceSchema,
        response: { 200: envelope(invoiceSchema) },
      },
    },
    async (request) =>
      ok(await generateOfflineInvoice(ctxOf(request), request.body.order_id), MESSAGES.invoiceCreated),
  );

  app.get(
    `${base}/transactions/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getTransaction',
        tags: ['transactions'],
        summary: "One payment attempt, with the provider's raw answer for support",
        params: idParams,
        response: { 200: envelope(transactionDetailSchema) },
      },
    },
    async (request) => ok(await getTransaction(ctxOf(request), request.params.id)),
  );
};
