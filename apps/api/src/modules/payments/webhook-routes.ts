/**
 * `POST /api/webhooks/payments/{gateway}/{company}`: the public address a merchant gives Stripe (a
 * webhook endpoint) and the one Rentloop gives Mollie with each payment (webhooks.ts says what happens).
 * Public: the provider has no session; Stripe's events are verified by their signature, Mollie's are
 * only a payment id that is fetched back from Mollie with the company's key.
 *
 * The body is kept as the exact text that came (Stripe signs those bytes): this plugin's own parser
 * reads every content type as a string, and it is encapsulated, so no other route is affected.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnonymousActor, type Ctx, type Transact, withDb } from '../../context.ts';
import { companies } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { auditedTransaction } from '../../http/transactions.ts';
import { companyClock } from '../companies/clock.ts';
import { receiveWebhook, WEBHOOK_GATEWAYS } from './webhooks.ts';

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/webhooks/payments/:gateway/:company',
    {
      config: { access: access.public, transaction: false },
      schema: {
        operationId: 'receivePaymentWebhook',
        tags: ['webhooks'],
        summary:
          "A payment provider's event for a company (Stripe signed JSON; Mollie form-encoded id=tr_...)",
        description:
          'Set at the provider per company: Stripe webhook endpoint `{APP_URL}/api/webhooks/payments/stripe/{company}` (signed with the webhook secret stored in the payment settings); Mollie is given `{APP_URL}/api/webhooks/payments/mollie/{company}` with each payment. Answers 200 at once once the event is stored (a duplicate stores nothing new); 400 for a bad Stripe signature (nothing stored); 404 for a company or gateway without credentials; 503 when Mollie cannot be asked about the payment (Mollie calls again).',
        params: z.object({ gateway: z.string().max(40), company: idParam }),
        body: z.string().nullish(),
        response: {
          200: envelope(z.object({ received: z.enum(['stored', 'duplicate', 'unknown_object']) })),
        },
      },
    },
    async (request) => {
      const gateway = WEBHOOK_GATEWAYS.find((g) => g === request.params.gateway);
      if (!gateway) throw notFound();
      const companyId = request.params.company;
      const [company] = await request.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!company) throw notFound();
      const actor: AnonymousActor = { kind: 'anonymous' };
      const ctx: Ctx = {
        db: request.db,
        companyId,
        actor,
        clock: await companyClock(request.db, companyId, request.server.clock),
        deps: request.server.deps,
      };
      const transact: Transact = (work) => auditedTransaction(request, (tx) => work(withDb(ctx, tx)));
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
      );
      const received = await receiveWebhook(ctx, transact, gateway, request.body ?? '', headers);
      return ok({ received }, MESSAGES.webhookReceived);
    },
  );
};
