/**
 * POST transactions/{id}/return-debit (ours; spec 01 §7 names no such route): staff record that the
 * customer's bank returned a direct debit the company collected outside Rentloop (offline gateway) and
 * booked as paid. Named in the style of the transaction and invoice routes (a verb on the record).
 * Moves money state, so it takes an Idempotency-Key (a repeat answers the first result, one effect).
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { DEBIT_RETURN_REASONS } from '@rentloop/domain/debit-returns';
import { MESSAGES } from '@rentloop/domain/messages';
import { debitReturnInputSchema, transactionDetailSchema } from '@rentloop/domain/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { returnDebit } from './debit-returns.ts';
import { getTransaction } from './records.ts';

const params = z.object({ company: idParam, id: idParam });
const reasons = Object.entries(DEBIT_RETURN_REASONS)
  .map(([code, r]) => `${code} (${r.text}, ${r.class})`)
  .join(', ');

export const debitReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/:company/rentloopdb/transactions/:id/return-debit',
    {
      config: {
        access: access.company('user'),
        idempotent: true,
        failureMessage: MESSAGES.debitReturnFailed,
      },
      schema: {
        operationId: 'returnTransactionDebit',
        tags: ['transactions'],
        summary: 'Record that the bank returned an offline payment (a returned direct debit)',
        description: [
          'For a charge on the offline gateway that succeeded (its invoice settled) or is pending (awaiting its',
          `money): the bank gave the money back with a SEPA return reason code (\`reason\`: ${reasons}).`,
          'The attempt becomes failed (provider status `chargeback` after a settlement, `processor_declined`',
          'before one; the decline classified from the code as a',
          "card decline is), the invoice `failed` (unpaid again), an order's",
          'initial payment owed again, the recurring payment `failed`; a soft code starts dunning (retries on the',
          '`recurring_payments` schedule with the reminder mails), a hard one sends the payment-method mail and',
          'is not retried. A later settlement or charge of the invoice marks it recovered.',
          '422 naming `reason` for an unknown code; 409 for any other attempt, and when the invoice was refunded',
          "(a return must not leave refunds above what was paid); another company's attempt: 404.",
        ].join(' '),
        params,
        body: debitReturnInputSchema,
        response: { 200: envelope(transactionDetailSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const attempt = await returnDebit(ctx, request.params.id, request.body);
      return ok(await getTransaction(ctx, attempt.id), MESSAGES.debitReturned);
    },
  );
};
