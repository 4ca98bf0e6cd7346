/**
 * The mail that goes with the "Webhook disabled" notification (issue 27 part 1): when the engine gives
 * up on a webhook, every active owner and admin of the company gets a short staff mail with the address,
 * the reason and the way back (the webhook's page). Recorded in the outbox in the caller's transaction
 * (queueMail: the give-up and its mails commit together; the SMTP hand-over is the mail job's, never in
 * the transaction) and listed in Email History as kind `webhook_disabled`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { companyUsers, users } from '../../db/schema/index.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { escapeHtml } from '../../integrations/email/templates.ts';
import { appBase } from '../auth/account-flows.ts';

export const WEBHOOK_DISABLED_KIND = 'webhook_disabled';

/** Mails the company's active owners and admins; answers how many mails were recorded. */
export async function mailWebhookDisabled(
  ctx: Ctx,
  hook: { id: number; url: string },
  reason: string,
): Promise<number> {
  const admins = await ctx.db
    .select({ name: users.name, email: users.email })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.user_id))
    .where(
      and(
        eq(companyUsers.company_id, ctx.companyId),
        inArray(companyUsers.role, ['owner', 'admin']),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(users.id));
  const link = `${appBase(ctx.deps)}/admin/webhooks/${hook.id}?company=${ctx.companyId}`;
  for (const admin of admins) {
    await queueMail(ctx, {
      companyId: ctx.companyId,
      kind: WEBHOOK_DISABLED_KIND,
      to: admin.email,
      subject: 'Webhook disabled',
      html: [
        `<p>Hello ${escapeHtml(admin.name)},</p>`,
        `<p>Rentloop could not deliver to your webhook <strong>${escapeHtml(hook.url)}</strong> for 3 days and has switched it off.</p>`,
        `<p>${escapeHtml(reason)}</p>`,
        '<p>Check the receiver, then switch the webhook on again: the waiting deliveries are then sent in order.</p>',
        `<p><a href="${escapeHtml(link)}">Open the webhook</a></p>`,
      ].join('\n'),
    });
  }
  return admins.length;
}
