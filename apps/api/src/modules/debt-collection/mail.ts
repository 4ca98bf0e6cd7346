/**
 * The customer's notice that their invoice went to debt collection (template `debt_collection_handover`,
 * decision 84), while the `debt_collection` setting `notify_customer` is on. Sent once, when the agency
 * first confirms the claim (apply.ts: the claim gets its reference), in the transaction that records
 * that answer, so the mail exists exactly when the claim is filed, whether staff handed it over, the
 * dunning did or a sync filed a claim the agency had missed. Like the dunning's reminders it is not a
 * record mail a customer can opt out of (decision 74): it is part of collecting the debt. Rendered in the
 * invoice's language and recorded in the outbox (Email History).
 */

import type { DebtProvider } from '@rentloop/domain/debt-collection';
import { formatDateAs } from '@rentloop/domain/dunning';
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { formatMoney } from '@rentloop/domain/money';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { invoices } from '../../db/schema/index.ts';
import { queueMail } from '../../integrations/email/mailer.ts';
import { LOCALE } from '../invoices/document.ts';
import { getSettings } from '../settings/sections.ts';
import { companyPlaceholders, renderMail } from '../templates/mail.ts';
import type { ClaimRow } from './records.ts';

export const HANDOVER_TEMPLATE = 'debt_collection_handover';
const AGENCY_NAMES: Record<DebtProvider, string> = { debtist: 'Debtist' };

/** Queues the notice for the claim's customer (nothing when the setting is off or there is no address). */
export async function mailClaimToCustomer(ctx: Ctx, claim: ClaimRow): Promise<void> {
  const { notify_customer } = await getSettings(ctx, 'debt_collection');
  if (!notify_customer) return;
  const [invoice] = await ctx.db
    .select({
      number: invoices.number,
      due_date: invoices.due_date,
      language: invoices.language,
      customer: invoices.customer,
    })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, claim.invoice_id)));
  if (!invoice?.customer.email) return;
  const general = await getSettings(ctx, 'general');
  const lang = invoice.language as TemplateLanguage;
  const rendered = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: HANDOVER_TEMPLATE,
    lang,
    data: {
      customer: { name: invoice.customer.name, email: invoice.customer.email },
      company: await companyPlaceholders(ctx, ctx.companyId),
      invoice: {
        number: invoice.number ?? '',
        due_date: invoice.due_date ? formatDateAs(invoice.due_date, general.date_format) : '',
      },
      payment: { amount: formatMoney(claim.amount, claim.currency, LOCALE[lang] ?? 'en') },
      agency: { name: AGENCY_NAMES[claim.provider] },
    },
  });
  await queueMail(ctx, {
    companyId: ctx.companyId,
    kind: HANDOVER_TEMPLATE,
    to: invoice.customer.email,
    ...rendered,
  });
}
