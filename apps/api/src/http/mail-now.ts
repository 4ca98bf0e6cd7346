/**
 * For a route whose person waits for the mail its work sends (an invitation, sent with the user it
 * creates or again): the work runs in one short audited transaction in which every mail it queues is
 * recorded to be sent now (`ctx.sendNow`, integrations/email/mailer.ts `queueMail`); once that has
 * committed, each is handed to the SMTP server (integrations/email/send-now.ts) and the route answers
 * with what happened to it. The route is `transaction: false` (no network inside a transaction).
 */
import type { FastifyRequest } from 'fastify';
import { type PlatformCtx, withDb } from '../context.ts';
import { deliverRecorded, type SendOutcome } from '../integrations/email/send-now.ts';
import { auditedTransaction } from './transactions.ts';

export async function withMailSentNow<C extends PlatformCtx, T>(
  request: FastifyRequest,
  ctx: C,
  work: (ctx: C) => Promise<T>,
): Promise<{ result: T; mails: SendOutcome[] }> {
  const sendNow: number[] = [];
  const result = await auditedTransaction(request, (tx) => work({ ...withDb(ctx, tx), sendNow }));
  const mails: SendOutcome[] = [];
  for (const id of sendNow) {
    mails.push(
      await deliverRecorded(ctx, (write) => auditedTransaction(request, (tx) => write(withDb(ctx, tx))), id),
    );
  }
  return { result, mails };
}
