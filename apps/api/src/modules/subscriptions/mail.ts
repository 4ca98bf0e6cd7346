/**
 * Mailing a subscription's summary to its customer (`POST email/send-subscription`), from the company's
 * `subscription_summary` template in the customer's language; sent, held back or refused as every
 * record mail is (modules/email/send.ts).
 */
import { formatDateAs } from '@rentloop/domain/dunning';
import type { EmailSendResult } from '@rentloop/domain/email';
import { formatMoney } from '@rentloop/domain/money';
import type { Ctx, Transact } from '../../context.ts';
import { companyCurrency } from '../../money.ts';
import { dispatchMail, recipientOf, refuseHeld, type SendOptions } from '../email/send.ts';
import { getSettings } from '../settings/sections.ts';
import { companyPlaceholders, customerActionUrl, renderMail } from '../templates/mail.ts';
import { subscriptionRow } from './records.ts';

/** Sends subscription `id`'s summary to its customer (404 for another company's or none). */
export async function sendSubscriptionMail(
  ctx: Ctx,
  transact: Transact,
  id: number,
  options: SendOptions,
): Promise<EmailSendResult> {
  const subscription = await subscriptionRow(ctx, id);
  const recipient = await recipientOf(ctx, Number(subscription.customer_id));
  refuseHeld(recipient, options);
  const general = await getSettings(ctx, 'general');
  const { date_format } = general;
  const day = (value: string | null) => (value ? formatDateAs(value.slice(0, 10), date_format) : '');
  const mail = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: 'subscription_summary',
    lang: recipient.lang,
    data: {
      customer: { name: subscription.customer_name, email: subscription.customer_email },
      company: await companyPlaceholders(ctx, ctx.companyId),
      subscription: {
        number: subscription.number ?? `#${id}`,
        product: subscription.product_name,
        price: formatMoney(subscription.price, await companyCurrency(ctx)),
        start_date: day(subscription.start_date),
        next_billing_date: day(subscription.next_billing_date),
      },
      // Never the back office: a customer cannot open it (templates/mail.ts customerActionUrl).
      action_url: customerActionUrl(general),
    },
  });
  return dispatchMail(
    ctx,
    transact,
    { companyId: ctx.companyId, kind: 'subscription_summary', to: subscription.customer_email, ...mail },
    options.respondOk,
  );
}
