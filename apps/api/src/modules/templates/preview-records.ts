/**
 * The record a template preview is filled from (issue 25 item 7): the one the merchant picked
 * (`record_id`), or by default the company's latest record that has what the template needs: an order
 * with a number (placed), a quote (a draft order), an issued invoice, a subscription (with a buyout
 * price for the buyout offer), a customer. Values are formatted as the real mails format them.
 */
import { formatDateAs } from '@rentloop/domain/dunning';
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { formatMoney } from '@rentloop/domain/money';
import type { PreviewRecordType, TemplateKind } from '@rentloop/domain/template-kinds';
import { and, desc, eq, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Ctx, PlatformCtx } from '../../context.ts';
import { companies, customers, invoices, orders, subscriptions } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import { LOCALE } from '../invoices/document.ts';
import { getSettings } from '../settings/sections.ts';
import type { TemplateData } from './render.ts';

export interface PreviewRecord {
  record: { type: PreviewRecordType; id: number; label: string } | null;
  data: TemplateData;
}

const NAMES: Record<PreviewRecordType, string> = {
  customer: 'customer',
  order: 'order',
  quote: 'quote',
  invoice: 'invoice',
  subscription: 'subscription',
};

/** `id` when picked, else the default condition; always within the company. */
const which = (idColumn: SQL | unknown, picked: number | undefined, fallback: SQL | undefined) =>
  picked === undefined ? fallback : eq(idColumn as never, picked);

export async function previewRecord(
  ctx: PlatformCtx,
  companyId: number,
  type: PreviewRecordType,
  kind: TemplateKind,
  lang: TemplateLanguage,
  picked: number | undefined,
): Promise<PreviewRecord> {
  const companyCtx = { ...ctx, companyId } as Ctx;
  const [company] = await ctx.db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId));
  const currency = company?.currency ?? 'EUR';
  const money = (minor: bigint, of = currency) => formatMoney(minor, of, LOCALE[lang] ?? 'en');
  const dateFormat = (await getSettings(companyCtx, 'general')).date_format;
  const day = (value: string | null) => (value ? formatDateAs(value.slice(0, 10), dateFormat) : '');
  const found = await lookUp();
  if (!found && picked !== undefined) throw invalid('record_id', `No such ${NAMES[type]} in this company.`);
  return found ?? { record: null, data: {} };

  async function lookUp(): Promise<PreviewRecord | undefined> {
    if (type === 'customer') {
      const [c] = await ctx.db
        .select()
        .from(customers)
        .where(and(eq(customers.company_id, companyId), which(customers.id, picked, undefined)))
        .orderBy(desc(customers.id))
        .limit(1);
      if (!c) return undefined;
      return {
        record: { type, id: c.id, label: c.name },
        data: { customer: { name: c.name, email: c.email } },
      };
    }
    if (type === 'order' || type === 'quote') {
      const fallback =
        type === 'quote'
          ? eq(orders.status, 'draft')
          : and(ne(orders.status, 'draft'), isNotNull(orders.number));
      const [o] = await ctx.db
        .select({
          id: orders.id,
          number: orders.number,
          total: orders.total,
          status: orders.status,
          name: customers.name,
          email: customers.email,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customer_id))
        .where(and(eq(orders.company_id, companyId), which(orders.id, picked, fallback)))
        .orderBy(desc(orders.id))
        .limit(1);
      // A quote is a draft order, an order confirmation is for a placed one.
      if (!o || (type === 'quote') !== (o.status === 'draft')) return undefined;
      const number = o.number ?? `Q-${o.id}`;
      return {
        record: { type, id: o.id, label: `${number} · ${o.name}` },
        data: {
          customer: { name: o.name, email: o.email },
          [type]: { number, total: money(o.total) },
        },
      };
    }
    if (type === 'invoice') {
      const [i] = await ctx.db
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.company_id, companyId), which(invoices.id, picked, isNotNull(invoices.number))),
        )
        .orderBy(desc(invoices.id))
        .limit(1);
      if (!i) return undefined;
      const total = money(i.gross, i.currency as typeof currency);
      return {
        record: { type, id: i.id, label: `${i.number ?? `Draft #${i.id}`} · ${i.customer.name}` },
        data: {
          customer: { name: i.customer.name, email: i.customer.email },
          invoice: { number: i.number ?? '', total, due_date: day(i.due_date), date: day(i.issue_date) },
          payment: { amount: total, retry_date: '', date: day(i.issue_date), reference: i.number ?? '' },
          // The debt collection notice names the agency (the settings offer one).
          agency: { name: 'Debtist' },
        },
      };
    }
    const needsBuyout = kind.placeholders.some((p) => p.key.startsWith('buyout.'));
    const [s] = await ctx.db
      .select({
        id: subscriptions.id,
        number: subscriptions.number,
        product: subscriptions.product_name,
        end: subscriptions.minimum_term_end,
        price: subscriptions.price,
        start: subscriptions.start_date,
        next: subscriptions.next_billing_date,
        buyout: subscriptions.buyout_price,
        name: customers.name,
        email: customers.email,
      })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customer_id))
      .where(
        and(
          eq(subscriptions.company_id, companyId),
          which(subscriptions.id, picked, needsBuyout ? isNotNull(subscriptions.buyout_price) : undefined),
        ),
      )
      .orderBy(desc(subscriptions.id))
      .limit(1);
    if (!s) return undefined;
    return {
      record: { type, id: s.id, label: `${s.number ?? `#${s.id}`} · ${s.product} · ${s.name}` },
      data: {
        customer: { name: s.name, email: s.email },
        subscription: {
          number: s.number ?? `#${s.id}`,
          product: s.product,
          end_date: day(s.end),
          price: money(s.price),
          start_date: day(s.start),
          next_billing_date: day(s.next),
        },
        buyout: { price: s.buyout === null ? '' : money(s.buyout) },
      },
    };
  }
}
