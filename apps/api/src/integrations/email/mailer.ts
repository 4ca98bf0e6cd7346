/**
 * Outgoing mail. Every message is recorded in the outbox (email_entries) in the caller's transaction,
 * with secret links hidden, and delivered by the `email-send` job over SMTP when SMTP_URL is set.
 * Without SMTP the entry is kept with status `not_sent`: nothing is lost, and nothing pretends to be sent.
 * A mail a person sends and waits for (a quote, an order's confirmation) is handed to the SMTP server
 * while they wait instead (`sendMailNow`), so the answer says what happened: sent, refused, or not
 * configured (docs/decisions.md, "A mail sent from a screen says what happened").
 *
 * The job carries only the entry id: a reset, invitation or verification token never sits in the job
 * queue (pg-boss keeps finished jobs for days). A mail with a secret link keeps its real body in the
 * entry's `delivery_html` until the job has sent it or given up, then the column is cleared; Email
 * History lists only the redacted `body_html` (docs/decisions.md, "Secret links in mail").
 */

import type { MailAttachment } from '@rentloop/domain/email';
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { actingUserId, type JobActor, type PlatformCtx } from '../../context.ts';
import { emailEntries } from '../../db/schema/index.ts';
import { inJobTransaction, jobActor, jobPlatformCtx } from '../../jobs/context.ts';
import { defineJob, enqueue } from '../../jobs/queue.ts';
import { makeAttachments } from './attachments.ts';
import { senderOf } from './sender.ts';

export interface Mailer {
  from: string;
  transport: Transporter | null;
}

/**
 * How long the SMTP client waits (nodemailer's defaults are 2 minutes to connect and 10 of silence):
 * a person waits for a mail sent from a screen. Options in SMTP_URL's query win over these.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  return {
    from: opts.from,
    transport: opts.smtpUrl ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS }) : null,
  };
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
  /** Files it carries, by reference: made when it is handed over (attachments.ts). */
  attachments?: MailAttachment[];
}

const HIDDEN = '[hidden]';
export const redact = (html: string, secrets: string[] = []) =>
  secrets.filter(Boolean).reduce((out, s) => out.split(s).join(HIDDEN), html);

/**
 * Why a mail sent from a screen was not sent (send-now.ts), after the spec's "Failed to send email."
 * (MESSAGES.emailSendFailed): said in the answer and kept on the entry (Email History).
 */
export const MAIL_TEXTS = {
  notSent: (reason: string) => `${MESSAGES.emailSendFailed} ${reason}`,
  notConfigured: 'Email is not configured on this server: the mail is kept in Email History, not sent.',
  refused: (words: string) => `The mail server refused it: ${words}`,
  unreachable: (words: string) => `The mail server could not be reached: ${words}`,
  abandoned:
    'The server stopped before the mail server answered, so the mail may not have been sent. Send it again if it matters.',
} as const;

/**
 * The refusal of some recipients by a server that took the mail for the others (a blind copy to the
 * company's own address taken, the customer's address refused): the mail is not where it was meant to
 * go, so the entry is failed with the server's words, and nothing is retried (the others have it).
 */
export function partialRefusal(info: unknown): string | null {
  const i = (info ?? {}) as { rejected?: unknown[]; rejectedErrors?: { response?: string }[] };
  if (!i.rejected?.length) return null;
  const addresses = i.rejected.map((a) =>
    typeof a === 'string' ? a : String((a as { address?: string }).address),
  );
  const words = i.rejectedErrors?.[0]?.response ?? '';
  return MAIL_TEXTS.refused(`${addresses.join(', ')}${words ? `: ${words}` : ''}`).slice(0, 500);
}

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
    /**
     * The guard of a mail sent while a person waits (`sendMailNow`): it sends nothing. Run long after the
     * attempt, it finds the entry sent or failed; still `queued`, the process stopped before the SMTP
     * server answered, and the entry says so instead of staying "queued" for ever.
     */
    abandonIfQueued: z.boolean().optional(),
  }),
  retryLimit: 5,
  async handler({ entryId, requestedBy, html: legacyHtml, abandonIfQueued }, jc) {
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
    if (abandonIfQueued) {
      if (entry.status !== 'queued') return;
      await record((ctx) => ({
        status: 'failed',
        error: MAIL_TEXTS.abandoned,
        delivery_html: null,
        updated_at: ctx.clock.now().toISOString(),
      }));
      return;
    }
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
    let refusedSome: string | null = null;
    try {
      // The files it carries, made now (attachments.ts); an invoice PDF not made yet is made and stored.
      const made = await makeAttachments(
        {
          db: jc.database.primary,
          store: (companyId, write) => inJobTransaction(jc, actor, companyId, (ctx) => write(ctx.db)),
        },
        entry.company_id,
        entry.attachments,
      );
      if ('missing' in made) {
        // Not to be mended by a retry: failed, saying which file, and never sent without it.
        const reason = made.missing;
        await record((ctx) => ({
          status: 'failed',
          error: reason,
          delivery_html: null,
          updated_at: ctx.clock.now().toISOString(),
        }));
        return;
      }
      const info = await mailer.transport.sendMail({
        // The company's sender name and reply-to (sender.ts), read before the SMTP call.
        ...(await senderOf(jobPlatformCtx(jc, actor), entry.company_id, mailer.from)),
        to: entry.to,
        cc: entry.cc ?? undefined,
        bcc: entry.bcc ?? undefined,
        subject: entry.subject,
        html: entry.delivery_html ?? legacyHtml ?? entry.body_html,
        attachments: made.files,
      });
      refusedSome = partialRefusal(info);
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
    if (refusedSome) {
      // Some recipients have it: a retry would send it to them again. Failed, with the server's words.
      const reason = refusedSome;
      await record((ctx) => ({
        status: 'failed',
        error: reason,
        delivery_html: null,
        updated_at: ctx.clock.now().toISOString(),
      }));
      return;
    }
    await record((ctx) => {
      const now = ctx.clock.now().toISOString();
      return { status: 'sent', sent_at: now, error: null, delivery_html: null, updated_at: now };
    });
  },
});

/** Records `mail` in the outbox in `ctx.db`; `deliverable`: it will be handed to an SMTP server. */
async function insertEntry(ctx: PlatformCtx, mail: OutgoingMail, deliverable: boolean): Promise<number> {
  const redacted = redact(mail.html, mail.secrets);
  const [entry] = await ctx.db
    .insert(emailEntries)
    .values({
      company_id: mail.companyId,
      kind: mail.kind,
      to: mail.to,
      cc: mail.cc ?? null,
      bcc: mail.bcc ?? null,
      subject: mail.subject,
      body_html: redacted,
      attachments: mail.attachments ?? [],
      // Kept for the delivery only when it differs from what Email History shows.
      delivery_html: deliverable && redacted !== mail.html ? mail.html : null,
      status: deliverable ? 'queued' : 'not_sent',
      error: deliverable ? null : NO_SMTP,
    })
    .returning({ id: emailEntries.id });
  return entry!.id;
}

/** Why an entry was not sent by a server without SMTP. */
export const NO_SMTP = 'SMTP is not configured (SMTP_URL).';

/**
 * Records the mail in the outbox and, when SMTP is configured, enqueues its delivery — both in `tx`.
 * Within work whose person waits for the mail (`ctx.sendNow`, http/mail-now.ts) it is recorded to be
 * handed to the SMTP server once the work has committed, and listed there.
 */
export async function queueMail(
  ctx: PlatformCtx,
  mail: OutgoingMail,
): Promise<{ id: number; status: 'queued' | 'not_sent' }> {
  if (ctx.sendNow) {
    const recorded = await recordMailToSendNow(ctx, mail);
    ctx.sendNow.push(recorded.id);
    return recorded;
  }
  const { deps } = ctx;
  const deliverable = Boolean(deps.mailer?.transport && deps.boss);
  const id = await insertEntry(ctx, mail, deliverable);
  if (deliverable && deps.boss) {
    await enqueue(deps.boss, ctx.db, sendEmailJob, { entryId: id, requestedBy: actingUserId(ctx.actor) });
  }
  return { id, status: deliverable ? 'queued' : 'not_sent' };
}

/** How long after a mail sent while a person waits its guard looks at it (`abandonIfQueued`). */
export const SEND_NOW_GUARD_SECONDS = 15 * 60;

/**
 * Records a mail that `sendMailNow` (send-now.ts) hands to the SMTP server as soon as `ctx.db` has
 * committed: `queued` meanwhile, with a guard job for a process that stops before the answer, or
 * `not_sent` without SMTP. Not the delivery job: the person waiting is told the SMTP server's answer.
 */
export async function recordMailToSendNow(
  ctx: PlatformCtx,
  mail: OutgoingMail,
): Promise<{ id: number; status: 'queued' | 'not_sent' }> {
  const { deps } = ctx;
  const deliverable = Boolean(deps.mailer?.transport);
  const id = await insertEntry(ctx, mail, deliverable);
  if (deliverable && deps.boss) {
    await enqueue(
      deps.boss,
      ctx.db,
      sendEmailJob,
      { entryId: id, requestedBy: actingUserId(ctx.actor), abandonIfQueued: true },
      // A moment of the queue's own time (the database's real clock, not a company's test clock), and a
      // date rather than seconds: pg-boss reads seconds only from its own executor (db/client.ts textToSql).
      { startAfter: new Date(Date.now() + SEND_NOW_GUARD_SECONDS * 1000) },
    );
  }
  return { id, status: deliverable ? 'queued' : 'not_sent' };
}
