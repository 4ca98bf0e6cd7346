/**
 * A mail a person sends from a screen and waits for (a quote, an order's confirmation, an invitation):
 * recorded in the outbox in a short transaction, then handed to the SMTP server outside any transaction
 * (no network inside one: db/transaction-scope.ts), and the entry and the answer say what happened:
 * - `sent`: the SMTP server accepted it (what happens after, in the recipient's server, is not known
 *   here: a bounce arrives later, at the sender's address);
 * - `failed`: the server refused it or could not be reached, with its words (Email History shows them);
 * - `not_sent`: this server has no SMTP (SMTP_URL), so nothing was handed over.
 * Nothing is retried behind the person's back: told it failed, they send again when they choose.
 */
import { eq } from 'drizzle-orm';
import type { PlatformCtx } from '../../context.ts';
import { emailEntries } from '../../db/schema/index.ts';
import { assertOutsideTransaction } from '../../db/transaction-scope.ts';
import { ATTACHMENT_TEXTS, type MadeFiles, makeAttachments } from './attachments.ts';
import { MAIL_TEXTS, type OutgoingMail, partialRefusal, recordMailToSendNow } from './mailer.ts';
import { senderOf } from './sender.ts';

/** A short audited transaction of the caller's (a route's `requestTransact`, a test's plain one). */
export type MailTransact = <T>(write: (ctx: PlatformCtx) => Promise<T>) => Promise<T>;

export type SendOutcome =
  | { id: number; status: 'sent' }
  | { id: number; status: 'failed' | 'not_sent'; reason: string };

const REASON_LIMIT = 500;

/** The reason of a failed hand-over, in the SMTP server's words where it answered. */
export function failureReason(error: unknown): string {
  const e = (error ?? {}) as { response?: unknown; responseCode?: unknown; message?: unknown };
  const words = typeof e.response === 'string' && e.response ? e.response : String(e.message ?? error);
  const reason =
    typeof e.responseCode === 'number' ? MAIL_TEXTS.refused(words) : MAIL_TEXTS.unreachable(words);
  return reason.slice(0, REASON_LIMIT);
}

/**
 * Hands the recorded entry `id` (`recordMailToSendNow`, committed) to the SMTP server and records the
 * outcome on it through `transact`.
 */
export async function deliverRecorded(
  ctx: PlatformCtx,
  transact: MailTransact,
  id: number,
): Promise<SendOutcome> {
  assertOutsideTransaction('Sending a mail');
  const [entry] = await ctx.db.select().from(emailEntries).where(eq(emailEntries.id, id));
  const mailer = ctx.deps.mailer;
  if (!entry || entry.status === 'not_sent' || !mailer?.transport) {
    return { id, status: 'not_sent', reason: MAIL_TEXTS.notConfigured };
  }
  const settle = (values: Partial<typeof emailEntries.$inferInsert>) =>
    transact(async (c) => {
      const now = c.clock.now().toISOString();
      const sent = values.status === 'sent' ? { sent_at: now } : {};
      // The real body (a secret link whole) is of no more use either way.
      await c.db
        .update(emailEntries)
        .set({ delivery_html: null, updated_at: now, ...values, ...sent })
        .where(eq(emailEntries.id, id));
    });
  // The files it carries, made now (attachments.ts); an invoice PDF made here is stored through `transact`.
  let made: MadeFiles;
  try {
    made = await makeAttachments(
      { db: ctx.db, store: (_companyId, write) => transact((c) => write(c.db)) },
      entry.company_id,
      entry.attachments,
    );
  } catch (error) {
    made = { missing: ATTACHMENT_TEXTS.failed(error instanceof Error ? error.message : String(error)) };
  }
  if ('missing' in made) {
    const reason = made.missing.slice(0, REASON_LIMIT);
    await settle({ status: 'failed', error: reason });
    return { id, status: 'failed', reason };
  }
  let refusedSome: string | null = null;
  try {
    const info = await mailer.transport.sendMail({
      ...(await senderOf(ctx, entry.company_id, mailer.from)),
      to: entry.to,
      cc: entry.cc ?? undefined,
      bcc: entry.bcc ?? undefined,
      subject: entry.subject,
      // The real body when the kept one hides a secret link, else the kept one.
      html: entry.delivery_html ?? entry.body_html,
      attachments: made.files,
    });
    refusedSome = partialRefusal(info);
  } catch (error) {
    const reason = failureReason(error);
    await settle({ status: 'failed', error: reason });
    return { id, status: 'failed', reason };
  }
  if (refusedSome) {
    await settle({ status: 'failed', error: refusedSome });
    return { id, status: 'failed', reason: refusedSome };
  }
  await settle({ status: 'sent', error: null });
  return { id, status: 'sent' };
}

/** Records `mail`, hands it to the SMTP server, and records and answers the outcome. */
export async function sendMailNow(
  ctx: PlatformCtx,
  transact: MailTransact,
  mail: OutgoingMail,
): Promise<SendOutcome> {
  assertOutsideTransaction('Sending a mail');
  const recorded = await transact((c) => recordMailToSendNow(c, mail));
  return deliverRecorded(ctx, transact, recorded.id);
}
