/**
 * Outgoing mail. Every message is recorded in the outbox (email_entries) in the caller's transaction,
 * with secret links hidden, and delivered by the `email-send` job over SMTP when SMTP_URL is set.
 * Without SMTP the entry is kept with status `not_sent`: nothing is lost, and nothing pretends to be sent.
 */
import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { emailEntries } from '../../db/schema/index.ts';
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

export const sendEmailJob = defineJob({
  name: 'email-send',
  schema: z.object({
    entryId: z.number().int(),
    to: z.string(),
    cc: z.string().nullable().optional(),
    bcc: z.string().nullable().optional(),
    subject: z.string(),
    html: z.string(),
  }),
  retryLimit: 5,
  async handler(data, { database, mailer }) {
    if (!mailer?.transport) return;
    try {
      await mailer.transport.sendMail({
        from: mailer.from,
        to: data.to,
        cc: data.cc ?? undefined,
        bcc: data.bcc ?? undefined,
        subject: data.subject,
        html: data.html,
      });
      await database.primary
        .update(emailEntries)
        .set({ status: 'sent', sent_at: sql`now()`, error: null, updated_at: sql`now()` })
        .where(eq(emailEntries.id, data.entryId));
    } catch (e) {
      await database.primary
        .update(emailEntries)
        .set({
          status: 'failed',
          error: e instanceof Error ? e.message.slice(0, 500) : 'send failed',
          updated_at: sql`now()`,
        })
        .where(eq(emailEntries.id, data.entryId));
      throw e;
    }
  },
});

/** Records the mail in the outbox and, when SMTP is configured, enqueues its delivery — both in `tx`. */
export async function queueMail(
  tx: Tx,
  deps: { boss: PgBoss | null; mailer: Mailer | null },
  mail: OutgoingMail,
): Promise<{ id: number; status: 'queued' | 'not_sent' }> {
  const deliverable = Boolean(deps.mailer?.transport && deps.boss);
  const [entry] = await tx
    .insert(emailEntries)
    .values({
      company_id: mail.companyId,
      kind: mail.kind,
      to: mail.to,
      cc: mail.cc ?? null,
      bcc: mail.bcc ?? null,
      subject: mail.subject,
      body_html: redact(mail.html, mail.secrets),
      status: deliverable ? 'queued' : 'not_sent',
      error: deliverable ? null : 'SMTP is not configured (SMTP_URL).',
    })
    .returning({ id: emailEntries.id });
  if (deliverable && deps.boss) {
    await enqueue(deps.boss, tx, sendEmailJob, {
      entryId: entry!.id,
      to: mail.to,
      cc: mail.cc ?? null,
      bcc: mail.bcc ?? null,
      subject: mail.subject,
      html: mail.html,
    });
  }
  return { id: entry!.id, status: deliverable ? 'queued' : 'not_sent' };
}
