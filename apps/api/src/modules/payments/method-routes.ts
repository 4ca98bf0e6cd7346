/**
 * A customer's stored payment methods (methods.ts): list, add (checked at the provider, so the route
 * runs outside the request transaction and takes an Idempotency-Key), remove.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { paymentMethodInputSchema, paymentMethodSchema } from '@rentloop/domain/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Transact, withDb } from '../../context.ts';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { auditedTransaction } from '../../http/transactions.ts';
import { addPaymentMethod, listPaymentMethods, removePaymentMethod } from './methods.ts';

const tags = ['customers'];
const params = z.object({ company: idParam, id: idParam });
const url = '/api/:company/rentloopdb/customers/:id/payment-methods';
const user = access.company('user');

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    url,
    {
      config: { access: user },
      schema: {
        operationId: 'listCustomerPaymentMethods',
        tags,
        summary:
          "The customer's stored payment methods (provider references, never card numbers), default first",
        params,
        response: { 200: envelope(z.array(paymentMethodSchema)) },
      },
    },
    async (request) => ok(await listPaymentMethods(ctxOf(request), request.params.id)),
  );

  app.post(
    url,
    {
      config: {
        access: user,
        transaction: false,
        idempotent: true,
        failureMessage: MESSAGES.paymentMethodAddFailed,
      },
      schema: {
        operationId: 'addCustomerPaymentMethod',
        tags,
        summary: 'Store a payment method the customer set up at Stripe or Mollie (checked there first)',
        description:
          'The provider is asked whether the method exists, belongs to the customer reference and can be charged; its label ("Visa •••• 4242, 12/28", "SEPA mandate NL55 •••• 0000") comes from there. 422 naming the reference the provider does not know; 409 when the gateway is not enabled, has no credentials, or the method is stored already; 503 when the provider does not answer. The new method is the default unless is_default is false. Invoices of the customer on that gateway whose last charge was declined hard are charged again (a job).',
        params,
        body: paymentMethodInputSchema,
        response: { 201: envelope(paymentMethodSchema) },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const transact: Transact = (work) => auditedTransaction(request, (tx) => work(withDb(ctx, tx)));
      const method = await addPaymentMethod(ctx, transact, request.params.id, request.body);
      reply.status(201);
      return ok(method, MESSAGES.paymentMethodAdded);
    },
  );

  app.delete(
    `${url}/:methodId`,
    {
      config: { access: user, failureMessage: MESSAGES.paymentMethodRemoveFailed },
      schema: {
        operationId: 'removeCustomerPaymentMethod',
        tags,
        summary:
          'Forget a stored payment method (the provider keeps it); the newest left becomes the default',
        params: params.extend({ methodId: idParam }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removePaymentMethod(ctxOf(request), request.params.id, request.params.methodId);
      return ok(null, MESSAGES.paymentMethodRemoved);
    },
  );
};
