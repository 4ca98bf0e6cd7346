/**
 * Outgoing mail. Every message is recorded in the outbox (email_entries) in the caller's transaction,
 * with secret links hidden, and delivered by the `email-send` job over SMTP when SMTP_URL is set.
 * Without SMTP the entry is kept with status `not_sent`: nothing is lost, and nothing pretends to be sent.
 *
 * The job carries only the entry id: a reset, invitation or verification token never sits in the job
 * queue (pg-boss keeps finished jobs for days). A mail with a secret link keeps its real body in the
 * entry's `delivery_html` until the job has sent it or given up, then the column is cleared; Email
 * History lists only the redacted `body_html` (docs/decisions.md, "Secret links in mail").
 */
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { actingUserId, type JobActor, type PlatformCtx } from '../../context.ts';
import { emailEntries } from '../../db/schema/index.ts';
import { inJobTransaction, jobActor } from '../../jobs/context.ts';
import { defineJob, enqueue } from '../../jobs/queue.ts';

export interface Mailer {
  from: string;
  transport: Transporter | null;
}

export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  return { from: opts.from, transport: opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null };
}

export interface OutgoingMail {
  companyId: number | null;
  kind: string;
  to: string;
  cc?: string | null;
  bcc?: string | null;
  subject: string;
  html: string;
  /** Values (tokens) that must not be kept in the outbox record. */
  secrets?: string[];
}

const HIDDEN = '[hidden]';
export const redact = (html: string, secrets: string[] = []) =>
  secrets.filter(Boolean).reduce((out, s) => out.split(s).join(HIDDEN), html);

/** Why an entry was not sent when the worker that took its job cannot send mail. */
export const NO_SMTP_ON_WORKER = 'SMTP is not configured on the worker that took this mail (SMTP_URL).';

export const sendEmailJob = defineJob({
  name: 'email-send',
  schema: z.object({
    entryId: z.number().int().positive(),
    /** The user whose request queued the mail (absent in jobs queued before it was carried). */
    requestedBy: z.number().int().positive().nullish(),
    /** Only in jobs enqueued before the body moved to the outbox (migration 0012); never sent now. */
    html: z.string().optional(),
  }),
  retryLimit: 5,
  async handler({ entryId, requestedBy, html: legacyHtml }, jc) {
    const { mailer, attempt } = jc;
    // Read outside a transaction: the delivery below talks to the SMTP server, and no network call
    // may hold a transaction open (db/transaction-scope.ts).
    const [entry] = await jc.database.primary.select().from(emailEntries).where(eq(emailEntries.id, entryId));
    // Gone with its company, or already delivered by an earlier attempt: nothing to send.
    if (!entry || entry.status === 'sent') return;
    // The entry's own company (none for platform mail), and the requester, for the audit trail.
    const actor = jobActor(sendEmailJob.name, attempt?.jobId ?? 'direct', requestedBy ?? null);
    const record = (update: (ctx: PlatformCtx<JobActor>) => Partial<typeof emailEntries.$inferInsert>) =>
      inJobTransaction(jc, actor, entry.company_id, async (ctx) => {
        await ctx.db.update(emailEntries).set(update(ctx)).where(eq(emailEntries.id, entryId));
      });
    if (!mailer?.transport) {
      // Completing the job silently would leave the entry "queued" forever: say it was not sent, and why.
      await record((ctx) => ({
        status: 'not_sent',
        error: NO_SMTP_ON_WORKER,
        delivery_html: null,
        updated_at: ctx.clock.now().toISOString(),
      }));
      return;
    }
    try {
      await mailer.transport.sendMail({
        from: mailer.from,
        to: entry.to,
        cc: entry.cc ?? undefined,
        bcc: entry.bcc ?? undefined,
        subject: entry.subject,
        html: entry.delivery_html ?? legacyHtml ?? entry.body_html,
      });
    } catch (e) {
      // pg-boss retries with backoff; after the last attempt the secret body is of no more use.
      const lastAttempt = attempt !== undefined && attempt.retryCount >= attempt.retryLimit;
      await record((ctx) => ({
        status: 'failed',
        error: e instanceof Error ? e.message.slice(0, 500) : 'send failed',
        ...(lastAttempt ? { delivery_html: null } : {}),
        updated_at: ctx.clock.now().toISOString(),
      }));
      throw e;
    }
    await record((ctx) => {
      const now = ctx.clock.now().toISOString();
      return { status: 'sent', sent_at: now, error: null, delivery_html: null, updated_at: now };
    });
  },
});

/** Records the mail in the outbox and, when SMTP is configured, enqueues its delivery — both in `tx`. */
export async function queueMail(
  ctx: PlatformCtx,
  mail: OutgoingMail,
): Promise<{ id: number; status: 'queued' | 'not_sent' }> {
  const { db: tx, deps } = ctx;
  const deliverable = Boolean(deps.mailer?.transport && deps.boss);
  const redacted = redact(mail.html, mail.secrets);
  const [entry] = await tx
    .insert(emailEntries)
    .values({
      company_id: mail.companyId,
      kind: mail.kind,
      to: mail.to,
      cc: mail.cc ?? null,
      bcc: mail.bcc ?? null,
      subject: mail.subject,
      body_html: redacted,
      // Kept for the delivery job only when it differs from what Email History shows.
      delivery_html: deliverable && redacted !== mail.html ? mail.html : null,
      status: deliverable ? 'queued' : 'not_sent',
      error: deliverable ? null : 'SMTP is not configured (SMTP_URL).',
    })
    .returning({ id: emailEntries.id });
  if (deliverable && deps.boss) {
    await enqueue(deps.boss, tx, sendEmailJob, { entryId: entry!.id, requestedBy: actingUserId(ctx.actor) });
  }
  return { id: entry!.id, status: deliverable ? 'queued' : 'not_sent' };
}
