/**
 * Cancellation and replacement invoices (spec 01 §7 "Invoices": GET invoices/{id}/cancellation-html,
 * POST invoices/{id}/cancel {html, regenerate}, PUT invoices/{id}/edit {html}; corrections.ts).
 */
import { envelope, idParam } from '@rentloop/domain/api';
import {
  cancellationHtmlSchema,
  invoiceCancelSchema,
  invoiceEditSchema,
} from '@rentloop/domain/invoice-corrections';
import { invoiceSchema } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { cancelInvoice, cancellationHtml, editReplacement } from './corrections.ts';
import { getInvoice } from './records.ts';

const tags = ['invoices'];
const idParams = z.object({ company: idParam, id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

const CHAIN_RULE =
  'Only an issued invoice, at most once (a partial unique index), never a cancellation or refund document, not while a payment attempt is open, not after a refund; an issued replacement may be cancelled like any invoice. Refused: 409 with the reason.';

export const invoiceCorrectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/invoices/:id/cancellation-html`,
    {
      config: { access: user, failureMessage: MESSAGES.cancellationHtmlFailed },
      schema: {
        operationId: 'getInvoiceCancellationHtml',
        tags,
        summary:
          'The cancellation invoice of this invoice as it would be issued now (its number not yet taken)',
        description: `The HTML of the cancellation (title "Stornorechnung" in German; naming this invoice's number and date; every line and the VAT breakdown negated), the number shown as the language's "Draft". Send it back as \`html\` to POST invoices/{id}/cancel to issue exactly this. ${CHAIN_RULE}`,
        params: idParams,
        response: { 200: envelope(cancellationHtmlSchema), 409: errorSchema },
      },
    },
    async (request) => ok({ html: await cancellationHtml(ctxOf(request), request.params.id) }),
  );

  app.post(
    `${base}/invoices/:id/cancel`,
    {
      config: { access: user, idempotent: true, failureMessage: MESSAGES.cancellationFailed },
      schema: {
        operationId: 'cancelInvoice',
        tags,
        summary:
          'Issue the cancellation invoice of this invoice (and, with regenerate, draft its replacement)',
        description: `The cancellation gets its own gapless number, \`original_invoice\` set, and mirrors the original negated to the cent (lines, VAT breakdown, totals; never recomputed); HTML, PDF and SHA-256 as every invoice. \`html\` (optional): the preview of GET cancellation-html; when given and the document would differ now (a new day, an edited template), 409. \`regenerate\`: a replacement invoice (type replacement) is created as a draft without number, to be edited and issued with PUT invoices/{id}/edit. An unpaid original is no longer collected (charge and settle refuse it; its recurring payment is cancelled, its dunning stopped) and its cancellation is settled; a paid original keeps its payment and its cancellation is not settled (the customer's credit). ${CHAIN_RULE} Answers the cancellation (201) with \`replacement\`, the draft's id or null.`,
        params: idParams,
        body: invoiceCancelSchema,
        response: {
          201: envelope(z.object({ cancellation: invoiceSchema, replacement: z.number().int().nullable() })),
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const made = await cancelInvoice(ctx, request.params.id, request.body);
      reply.status(201);
      return ok(
        { cancellation: await getInvoice(ctx, made.cancellation), replacement: made.replacement },
        MESSAGES.cancellationCreated,
      );
    },
  );

  app.put(
    `${base}/invoices/:id/edit`,
    {
      config: { access: user, failureMessage: MESSAGES.replacementEditFailed },
      schema: {
        operationId: 'editReplacementInvoice',
        tags,
        summary: 'Edit the replacement invoice (buyer, address, lines) and issue it',
        description:
          "Only a replacement that is still a draft (else 409). The buyer (name, email, billing address) and the lines (description, quantity, unit price net or gross as the original, discount, VAT rate, period; `position` keeps a draft line's order item and subscription) are taken structured; the totals and VAT breakdown are computed by the one tax function, never taken from the client. The spec's `html` is accepted and ignored: the document is rendered from the template. Issuing numbers it (gapless), renders its HTML naming the invoice it replaces, and makes its PDF.",
        params: idParams,
        body: invoiceEditSchema,
        response: { 200: envelope(invoiceSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const id = await editReplacement(ctx, request.params.id, request.body);
      return ok(await getInvoice(ctx, id), MESSAGES.replacementEdited);
    },
  );
};
