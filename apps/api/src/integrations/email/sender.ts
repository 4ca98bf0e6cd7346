/**
 * Who a company's mail comes from (its email settings, "How mails to your customers are sent"): the
 * server's sending address (SMTP_FROM: the one the SMTP server may send as) under the company's sender
 * name (else its name), replies to its reply-to address (else its general support email). Platform mail
 * (no company) keeps the server's sender as it is. Read at delivery, so a mail queued before a change
 * goes out under the settings of the moment it is handed over.
 */
import { eq } from 'drizzle-orm';
import type { Ctx, PlatformCtx } from '../../context.ts';
import { companies } from '../../db/schema/index.ts';
import { getSettings } from '../../modules/settings/sections.ts';

export interface Sender {
  from: string | { name: string; address: string };
  replyTo?: string;
}

/** The address part of `Name <address>` (or the whole text when it is a bare address). */
export const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();

export async function senderOf(ctx: PlatformCtx, companyId: number | null, from: string): Promise<Sender> {
  if (companyId === null) return { from };
  const companyCtx = { ...ctx, companyId } as Ctx;
  const [email, general, [company]] = await Promise.all([
    getSettings(companyCtx, 'email'),
    getSettings(companyCtx, 'general'),
    ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
  ]);
  const name = email.sender_name.trim() || company?.name || '';
  const replyTo = email.reply_to ?? general.support_email ?? undefined;
  return {
    from: name ? { name, address: addressOf(from) } : from,
    ...(replyTo ? { replyTo } : {}),
  };
}
