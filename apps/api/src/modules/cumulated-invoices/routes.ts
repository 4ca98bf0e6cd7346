/**
 * Cumulated invoices (spec 01 §7): GET cumulated-invoices (query), GET cumulated-invoices/{id}, and
 * GET cumulative-invoices?{query}={id}, which answers the document, or with `Accept: application/pdf`
 * its stored PDF (binary). Read-only: the documents are made by the month's close (close.ts).
 */
import { envelope, idParam, paginatedEnvelope } from '@rentloop/domain/api';
import {
  CUMULATED_QUERY_KEYS,
  cumulatedInvoiceDetailSchema,
  cumulatedInvoiceSchema,
  cumulatedListQuerySchema,
  cumulatedQuerySchema,
} from '@rentloop/domain/cumulated-invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { listMeta } from '../../lists.ts';
import {
  cumulatedInvoicePdf,
  findCumulatedInvoice,
  getCumulatedInvoice,
  listCumulatedInvoices,
} from './records.ts';

const tags = ['invoices'];
const companyParams = z.object({ company: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

/** Whether the client asked for the PDF (Accept: application/pdf) rather than the JSON document. */
const wantsPdf = (accept: string | undefined) => /application\/pdf/i.test(accept ?? '');

export const cumulatedInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/cumulated-invoices`,
    {
      config: { access: user, failureMessage: MESSAGES.invoiceFetchFailed },
      schema: {
        operationId: 'listCumulatedInvoices',
        tags,
        summary: "The customers' statements and collective invoices, newest period first",
        description:
          "A statement lists the invoices of a customer's month (no VAT of its own, numbered ST-{YYYY}-n); a collective period collects the month's recurring charges into one invoice issued at its end. Filter by customer_id or mode.",
        params: companyParams,
        querystring: cumulatedListQuerySchema,
        response: { 200: paginatedEnvelope(cumulatedInvoiceSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listCumulatedInvoices(ctxOf(request), q);
      const items = rows.map(({ html: _html, ...r }) => r);
      return paginated(
        items,
        listMeta({ page: q.page, perPage: q.per_page }, total, items.length, request.url.split('?')[0] ?? ''),
      );
    },
  );

  app.get(
    `${base}/cumulated-invoices/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.invoiceFetchFailed },
      schema: {
        operationId: 'getCumulatedInvoice',
        tags,
        summary: 'One statement or collective period, with its stored HTML',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(cumulatedInvoiceDetailSchema) },
      },
    },
    async (request) => ok(await getCumulatedInvoice(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/cumulative-invoices`,
    {
      config: { access: user, failureMessage: MESSAGES.invoiceFetchFailed },
      schema: {
        operationId: 'findCumulativeInvoice',
        tags,
        summary: `A cumulative invoice by one query key (${CUMULATED_QUERY_KEYS.join(', ')}); its PDF with Accept: application/pdf`,
        description:
          "customer_id answers the customer's latest. With `Accept: application/pdf` the answer is the stored PDF (binary, application/pdf, named by Content-Disposition): a statement's own, a collective period's invoice's; 409 while it is not made yet (a collective period still collecting).",
        params: companyParams,
        querystring: cumulatedQuerySchema,
        response: {
          200: envelope(cumulatedInvoiceDetailSchema).meta({
            description: 'The document, or application/pdf bytes',
          }),
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const doc = await findCumulatedInvoice(ctx, request.query.key, request.query.id);
      if (!wantsPdf(request.headers.accept)) return ok(doc);
      const { pdf, filename } = await cumulatedInvoicePdf(ctx, doc);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      // Bytes as stored: sent as they are, past the JSON serializer.
      return reply.send(pdf as never);
    },
  );
};
