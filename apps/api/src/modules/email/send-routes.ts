/**
 * Sending mail from a screen (spec 01 §7 "Notes, email, history, export"): `POST email/send` (the
 * staff member's own mail) and `POST email/send-order`, `send-draft`, `send-subscription`,
 * `send-transaction` (the company's template for the record). Each is recorded in Email History
 * (`GET rentloopdb/email-entries`) with its state. The routes hand the mail to the SMTP server while the request waits, so no transaction is open around
 * them (`transaction: false`, modules/email/send.ts).
 */
import { envelope, idParam } from '@rentloop/domain/api';
import {
  emailRecordSchema,
  emailSendQuerySchema,
  emailSendResultSchema,
  emailSendSchema,
} from '@rentloop/domain/email';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { requestTransact } from '../../http/transactions.ts';
import { sendOrderMail } from '../orders/mail.ts';
import { sendReceiptMail } from '../payments/receipt-mail.ts';
import { sendSubscriptionMail } from '../subscriptions/mail.ts';
import { sendFreeFormMail } from './send.ts';

const companyParams = z.object({ company: idParam });
const answer = envelope(emailSendResultSchema);
const failures = { 409: errorSchema, 502: errorSchema, 503: errorSchema };

/** What `respond_ok` and `override` mean, as every `email/send*` route's description says it. */
const QUERY_DOC = [
  `Query \`respond_ok\` (\`?respond_ok\`, \`=true\` or \`=1\`): answer 202 as soon as the mail is recorded for sending (\`status: queued\`); the \`email-send\` job then hands it to the SMTP server and retries, and Email History shows whether it was sent or failed. Without it the request waits for the SMTP server: 200 and \`status: sent\` only once the server took the mail; refused or unreachable: 502, "${MESSAGES.emailSendFailed}" and the server’s words.`,
  'Either way, no SMTP configured on this server (SMTP_URL): 503, the entry kept as not sent.',
].join(' ');
const OVERRIDE_DOC =
  'Query `override` (`=true`): send even when the customer’s state holds mail back: an archived customer, or one who opted out of record mails (`record_mail_opt_out`), answers 409 without it. (The company’s email settings hold nothing back today: sender name, reply-to, blind copy and language shape the mail, they do not stop it.)';

function answered<T>(reply: { code(n: number): unknown }, sent: { status: string } & T) {
  reply.code(sent.status === 'queued' ? 202 : 200);
  return ok(sent, MESSAGES.emailSent);
}

export const emailSendRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = access.company('user');

  app.post(
    '/api/:company/email/send',
    {
      config: { access: user, transaction: false, failureMessage: MESSAGES.emailSendFailed },
      schema: {
        operationId: 'sendEmail',
        tags: ['email'],
        summary: 'Send a mail written by staff (spec 01 §3 "Email payload")',
        description: `Body: \`to\` (one or more addresses separated by commas), optional \`cc\`, \`bcc\`, \`subject\`, \`bodyHtml\`. Each address must be valid (422 naming the field). The HTML is cleaned before it is kept or sent: scripts, styles, event handlers, style attributes, frames and objects are removed, links keep only http(s), mailto and tel, and the only remote content kept is an image over https (docs/decisions.md 65); nothing left: 422 on \`bodyHtml\`. Sent from the server’s address under the company’s sender name (email settings; else the company name), with its reply-to (else the support email) and its blind copy added. ${QUERY_DOC} \`override\` is accepted and has no effect here (no record, no customer state). Recorded in Email History as kind \`free_form\`.`,
        params: companyParams,
        querystring: emailSendQuerySchema,
        body: emailSendSchema,
        response: { 200: answer, 202: answer, ...failures },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const sent = await sendFreeFormMail(ctx, requestTransact(request, ctx), request.body, {
        respondOk: request.query.respond_ok,
      });
      return answered(reply, sent);
    },
  );

  /** The record mails: one route each, the company's template for the record sent to its customer. */
  const recordRoutes = [
    ...(['quote', 'order_confirmation'] as const).map((kind) => ({
      path: kind === 'quote' ? 'send-draft' : 'send-order',
      operationId: kind === 'quote' ? 'sendDraftOrderMail' : 'sendOrderMail',
      summary:
        kind === 'quote'
          ? 'Mail a quote to its customer (the quote template)'
          : 'Mail an order’s confirmation to its customer',
      description: `Body: \`{id}\` of the ${kind === 'quote' ? 'quote (draft order)' : 'order'} (another company’s or none: 404). The template of the customer’s language (the company’s own, else the default) is filled in, sent to the customer under the company’s sender settings and recorded in Email History as kind \`${kind}\`. ${QUERY_DOC} ${OVERRIDE_DOC} ${kind === 'quote' ? 'A quote that is no longer one' : 'An order that is still a quote'}: 409.`,
      send: ((ctx, transact, id, options) =>
        sendOrderMail(ctx, transact, id, kind, options)) satisfies typeof sendSubscriptionMail,
    })),
    {
      path: 'send-subscription',
      operationId: 'sendSubscriptionMail',
      summary: 'Mail a subscription’s summary to its customer',
      description: `Body: \`{id}\` of the subscription (another company’s or none: 404). The \`subscription_summary\` template of the customer’s language (the company’s own, else the default: number, product, price per billing period, start and next billing date) is filled in, sent to the customer under the company’s sender settings and recorded in Email History as kind \`subscription_summary\`. ${QUERY_DOC} ${OVERRIDE_DOC}`,
      send: sendSubscriptionMail,
    },
    {
      path: 'send-transaction',
      operationId: 'sendTransactionMail',
      summary: 'Mail a payment’s receipt to its customer',
      description: `Body: \`{id}\` of the transaction (payment attempt; another company’s or none: 404). The \`payment_receipt\` template of the customer’s language (the company’s own, else the default: amount, date, reference, invoice number) is filled in, sent to the customer under the company’s sender settings and recorded in Email History as kind \`payment_receipt\`. It carries the invoice’s PDF (\`<title> <number>.pdf\` in the invoice’s language, e.g. \`Invoice INV-2026-0001.pdf\`; the answer’s \`attachments\` lists it), made when the mail is handed to the SMTP server: the stored PDF, else rendered and stored then; a charge without an issued invoice carries none. A PDF that cannot be made fails the mail, never sent without it (502 while waiting; Email History \`failed\` with the reason). ${QUERY_DOC} ${OVERRIDE_DOC} Not a succeeded charge (open, failed, a refund): 409.`,
      send: sendReceiptMail,
    },
  ];
  for (const route of recordRoutes) {
    app.post(
      `/api/:company/email/${route.path}`,
      {
        config: { access: user, transaction: false, failureMessage: MESSAGES.emailSendFailed },
        schema: {
          operationId: route.operationId,
          tags: ['email'],
          summary: route.summary,
          description: route.description,
          params: companyParams,
          querystring: emailSendQuerySchema,
          body: emailRecordSchema,
          response: { 200: answer, 202: answer, ...failures },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const sent = await route.send(ctx, requestTransact(request, ctx), request.body.id, {
          override: request.query.override,
          respondOk: request.query.respond_ok,
        });
        return answered(reply, sent);
      },
    );
  }
};
