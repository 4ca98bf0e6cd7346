/**
 * Issuing invoices (shared/BILLING.md "Invoices"): the initial invoice of an order and the invoice of a
 * recurring payment. One function builds and freezes the document; the callers only say what it bills.
 *
 * In the issuing transaction: the billed row is locked first (two issues of one order wait for each
 * other; the second finds the first's invoice), everything is computed and rendered, and only then the
 * series counter is taken, followed by nothing but the inserts of the numbered rows, so the counter's
 * lock is held for microseconds and a rollback anywhere leaves no gap. The HTML is rendered before the
 * number exists, with a stand-in the number then replaces (escaped as the template would).
 */

import { addDays } from '@rentloop/domain/billing-periods';
import type {
  PaymentGateway as GatewayName,
  InvoiceSettlement,
  InvoiceType,
  TemplateLanguage,
} from '@rentloop/domain/enums';
import { INVOICE_LABELS } from '@rentloop/domain/invoice-labels';
import { type InvoiceTax, invoiceTax, negateInvoiceTax, type TaxRule } from '@rentloop/domain/invoice-tax';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import {
  companies,
  customers,
  type InvoiceBuyer,
  invoiceDocuments,
  invoices,
  orderItems,
  orders,
  type StoredInvoiceLine,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { escapeHtml } from '../../integrations/email/templates.ts';
import { companyCurrency } from '../../money.ts';
import { type InvoiceSeries, invoiceSeriesOf, takeInvoiceNumbers } from '../../numbering.ts';
import { recordEvent } from '../events/service.ts';
import { getSettings } from '../settings/sections.ts';
import {
  type DocumentLine,
  type InvoiceTemplate,
  renderInvoiceHtml,
  templateLanguageOf,
} from './document.ts';
import { enqueueInvoicePdf } from './pdf-job.ts';

/** What an invoice bills: its lines as amounts after discount, and what it links to. */
export interface InvoiceDraft {
  type: InvoiceType;
  customerId: number;
  buyer: InvoiceBuyer;
  gateway: GatewayName;
  rule: TaxRule;
  lines: (DocumentLine & {
    /** unit × quantity − discount: net or gross as `rule` says. */
    amount: bigint;
    discount: bigint;
    tax_percent: string;
    order_item_id: number | null;
    subscription_id: number | null;
    period_start: string | null;
    period_end: string | null;
    /** A refund's line: the position of the original's line it refunds (modules/payments/refunds.ts). */
    original_position?: number | null;
  })[];
  orderId: number | null;
  subscriptionId: number | null;
  recurringPaymentId: number | null;
  /** The figures when they are not computed from the lines: a cancellation's, its original's negated. */
  tax?: InvoiceTax;
  /** The invoice a correction corrects: linked as `original_invoice`, its number and date printed. */
  original?: { id: number; number: string; issueDate: string } | null;
  /** The payment status the document starts with (default `not settled`). */
  paymentStatus?: InvoiceSettlement;
  /**
   * A refund: `lines` are given as the positive amounts refunded; the document states them negated
   * (its tax computed on the positive amounts, then negated: `negateInvoiceTax`).
   */
  negate?: boolean;
}

const NUMBER_STAND_IN = 'RL-INVOICE-NUMBER-7F3A9C';

/** The service period of the lines (first start to last end), as the PDF computes it (pdf-document.ts). */
function servicePeriodOf(lines: InvoiceDraft['lines']): { start: string; end: string } | null {
  const starts = lines.flatMap((l) => (l.period_start && l.period_end ? [l.period_start] : [])).sort();
  const ends = lines.flatMap((l) => (l.period_start && l.period_end ? [l.period_end] : [])).sort();
  return starts.length > 0 ? { start: starts[0]!, end: ends.at(-1)! } : null;
}

/** The company's own name: the seller's name when the invoice settings give no legal name. */
export async function companyName(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  return row?.name ?? '';
}

type InvoiceSettings = Awaited<ReturnType<typeof getSettings<'invoice'>>>;

/** What every invoice the company issues today shares: read once per issue (once per billing batch). */
export interface IssueBasis {
  currency: string;
  settings: InvoiceSettings;
  issueDate: string;
  dueDate: string;
}

export async function issueBasis(ctx: Ctx): Promise<IssueBasis> {
  const currency = await companyCurrency(ctx);
  const settings = await getSettings(ctx, 'invoice');
  const issueDate = await companyToday(ctx);
  return { currency, settings, issueDate, dueDate: addDays(issueDate, settings.payment_terms_days) };
}

/** The template language of the customer's documents. */
export async function customerTemplateLanguage(ctx: Ctx, customerId: number): Promise<TemplateLanguage> {
  const [customer] = await ctx.db
    .select({ language: customers.language })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), eq(customers.id, customerId)));
  if (!customer) throw notFound();
  return templateLanguageOf(customer.language);
}

/** What a batch read once for all its documents (invoices/issue-batch.ts); alone, each is read here. */
export interface PreparedInputs {
  basis: IssueBasis;
  language: TemplateLanguage;
  template: InvoiceTemplate;
}

/**
 * Everything of the document but its number: the figures (the one tax function, or the draft's own),
 * the snapshots and the HTML with the number's stand-in. Reads only (nothing with `given`); takes no
 * number.
 */
export async function prepareInvoice(ctx: Ctx, draft: InvoiceDraft, given?: PreparedInputs) {
  const { currency, settings, issueDate, dueDate } = given?.basis ?? (await issueBasis(ctx));
  const language = given?.language ?? (await customerTemplateLanguage(ctx, draft.customerId));
  const positive =
    draft.tax ??
    invoiceTax(
      draft.rule,
      draft.lines.map((l) => ({ amount: l.amount, tax_percent: l.tax_percent })),
    );
  const tax = draft.negate ? negateInvoiceTax(positive) : positive;
  const sign = draft.negate ? -1n : 1n;
  const docLines = draft.lines.map((l) => ({
    ...l,
    unit_amount: sign * l.unit_amount,
    discount: sign * l.discount,
  }));
  const seller = {
    company_name: settings.company_name,
    address: settings.address,
    vat_number: settings.vat_number,
    bank_name: settings.bank_name,
    iban: settings.iban,
    bic: settings.bic,
  };
  const html = await renderInvoiceHtml(
    ctx,
    {
      companyId: ctx.companyId,
      language,
      currency,
      number: NUMBER_STAND_IN,
      issueDate,
      dueDate,
      buyer: { name: draft.buyer.name, email: draft.buyer.email },
      seller,
      lines: docLines,
      tax,
      taxPercents: draft.lines.map((l) => l.tax_percent),
      type: draft.type,
      original: draft.original ?? null,
      positions: draft.lines.flatMap((l) => (l.original_position ? [l.original_position] : [])),
      period: servicePeriodOf(draft.lines),
    },
    given?.template,
  );
  const lines: StoredInvoiceLine[] = docLines.map((l, i) => ({
    position: i + 1,
    description: l.description,
    quantity: l.quantity,
    unit_amount: String(l.unit_amount),
    discount: String(l.discount),
    tax_percent: l.tax_percent,
    net: String(tax.lines[i]?.net ?? 0n),
    tax: String(tax.lines[i]?.tax ?? 0n),
    gross: String(tax.lines[i]?.gross ?? 0n),
    order_item_id: l.order_item_id,
    subscription_id: l.subscription_id,
    period_start: l.period_start,
    period_end: l.period_end,
    ...(l.original_position ? { original_position: l.original_position } : {}),
  }));
  return { settings, seller, currency, language, issueDate, dueDate, tax, html, lines };
}

export type PreparedInvoice = Awaited<ReturnType<typeof prepareInvoice>>;

/** The document's HTML as it will be issued today, its number not taken yet (shown as the language's "Draft"). */
export async function previewInvoiceHtml(ctx: Ctx, draft: InvoiceDraft): Promise<string> {
  const { html, language } = await prepareInvoice(ctx, draft);
  return html.replaceAll(NUMBER_STAND_IN, escapeHtml(INVOICE_LABELS[language].draft));
}

/** The stored HTML of a prepared document numbered `number`. */
export const numberedHtml = (p: PreparedInvoice, number: string): string =>
  p.html.replaceAll(NUMBER_STAND_IN, escapeHtml(number));

/**
 * The invoice row of a prepared document numbered `seq` of `series` (the columns both the single issue
 * and the batch write, so a document reads the same whichever way it was issued).
 */
export function invoiceValues(
  ctx: Ctx,
  draft: InvoiceDraft,
  p: PreparedInvoice,
  sellerName: string,
  series: InvoiceSeries,
  seq: number,
) {
  const { settings, seller, currency, language, issueDate, dueDate, tax, lines } = p;
  const now = ctx.clock.now().toISOString();
  return {
    company_id: ctx.companyId,
    status: 'issued' as const,
    type: draft.type,
    series: series.series,
    seq,
    number: `${series.prefix}${seq}`,
    issue_date: issueDate,
    due_date: dueDate,
    currency,
    language,
    customer_id: draft.customerId,
    customer: draft.buyer,
    // The legal details only (not the numbering settings): what the document prints, frozen with it.
    seller: {
      name: sellerName,
      details: {
        ...seller,
        register: settings.register,
        managing_directors: settings.managing_directors,
        footer: settings.footer,
        // The tax numbers and the country that names them (invoice-legal-fields.ts `sellerTaxLabels`).
        tax_number: settings.tax_number,
        country: settings.country,
        region: settings.region,
      },
    },
    lines,
    tax_rule: draft.rule,
    tax_breakdown: tax.breakdown.map((b) => ({
      tax_percent: b.tax_percent,
      net: String(b.net),
      tax: String(b.tax),
      gross: String(b.gross),
    })),
    net: tax.totals.net,
    tax: tax.totals.tax,
    gross: tax.totals.gross,
    payment_status: draft.paymentStatus ?? ('not settled' as const),
    gateway: draft.gateway,
    order_id: draft.orderId,
    subscription_id: draft.subscriptionId,
    recurring_payment_id: draft.recurringPaymentId,
    original_invoice_id: draft.original?.id ?? null,
    issued_at: now,
    updated_at: now,
  };
}

/** The `invoice.issued` event of invoice `id`. */
export const issuedEvent = (id: number, number: string, draft: InvoiceDraft, p: PreparedInvoice) => ({
  type: 'invoice.issued',
  object: 'invoice',
  objectId: id,
  payload: {
    number,
    type: draft.type,
    gross: String(p.tax.totals.gross),
    order_id: draft.orderId,
    ...(draft.original ? { original_invoice: draft.original.id } : {}),
  },
});

/**
 * Issues `draft` as a numbered, frozen invoice in the caller's transaction; answers its id. With
 * `draftId` the company's draft row of that id (locked by the caller) becomes the issued invoice (a
 * replacement); with `expectHtml` the document is issued only if it is what `previewInvoiceHtml`
 * showed (else 409 `expectHtmlMessage`).
 */
export async function issueInvoice(
  ctx: Ctx,
  draft: InvoiceDraft,
  opts: { draftId?: number; expectHtml?: string; expectHtmlMessage?: string } = {},
): Promise<number> {
  const prepared = await prepareInvoice(ctx, draft);
  const { settings, seller, language, issueDate, html } = prepared;
  if (
    opts.expectHtml !== undefined &&
    html.replaceAll(NUMBER_STAND_IN, escapeHtml(INVOICE_LABELS[language].draft)) !== opts.expectHtml
  )
    throw new AppError('conflict', opts.expectHtmlMessage ?? MESSAGES.invoiceCreateFailed);
  const sellerName = seller.company_name.trim() || (await companyName(ctx));

  // From here on: the counter, then only the writes that carry its number.
  const series = invoiceSeriesOf(settings, issueDate);
  const seq = await takeInvoiceNumbers(ctx, series, 1);
  const values = invoiceValues(ctx, draft, prepared, sellerName, series, seq);
  const [row] =
    opts.draftId === undefined
      ? await ctx.db
          .insert(invoices)
          .values({ ...values, created_at: values.updated_at })
          .returning({ id: invoices.id })
      : await ctx.db
          .update(invoices)
          .set(values)
          .where(
            and(
              eq(invoices.company_id, ctx.companyId),
              eq(invoices.id, opts.draftId),
              eq(invoices.status, 'draft'),
            ),
          )
          .returning({ id: invoices.id });
  if (!row) throw new Error('The invoice was not written.');
  await ctx.db.insert(invoiceDocuments).values({
    company_id: ctx.companyId,
    invoice_id: row.id,
    html: numberedHtml(prepared, values.number),
  });
  await enqueueInvoicePdf(ctx, row.id);
  await recordEvent(ctx, issuedEvent(row.id, values.number, draft, prepared));
  return row.id;
}

/** The company's default gateway (the payment settings'), the offline one when none is chosen. */
export async function defaultGateway(ctx: Ctx): Promise<GatewayName> {
  const psp = await getSettings(ctx, 'payment_service_provider');
  return psp.default_gateway ?? 'offlinegateway';
}

/**
 * Whether an order's lines were priced net or gross (checkout_taxes when it was placed): a line whose
 * discounted amount is its gross, with tax in it, was a gross price. Without tax both read alike.
 */
export function orderTaxRule(
  items: readonly Pick<typeof orderItems.$inferSelect, 'amount' | 'discount' | 'gross' | 'tax'>[],
): TaxRule {
  return items.some((i) => i.amount - i.discount === i.gross && i.tax !== 0n) ? 'gross_prices' : 'net_prices';
}

/**
 * The initial invoice of an order (what the order's checkout charges: its items and shipping), issued
 * once: a second call finds the first's. The order row is locked for the rest of the transaction.
 */
export async function initialInvoiceOf(
  ctx: Ctx,
  orderId: number,
  opts: { gateway?: GatewayName } = {},
): Promise<{ id: number; created: boolean }> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.company_id, ctx.companyId), eq(orders.id, orderId)))
    .for('update');
  if (!order) throw notFound();
  const [existing] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.company_id, ctx.companyId),
        eq(invoices.order_id, orderId),
        eq(invoices.type, 'initial'),
      ),
    );
  if (existing) return { id: existing.id, created: false };
  if (order.status === 'draft' || order.status === 'cancelled')
    throw new AppError('conflict', MESSAGES.invoiceCreateFailed);

  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.company_id, ctx.companyId), eq(orderItems.order_id, orderId)))
    .orderBy(orderItems.position);
  const rule = orderTaxRule(items);
  const gross = rule === 'gross_prices';
  const lines: InvoiceDraft['lines'] = items.map((i) => ({
    description: i.variant_name ? `${i.product_name} – ${i.variant_name}` : i.product_name,
    quantity: i.quantity,
    unit_amount: i.unit_price,
    discount: i.discount,
    amount: i.amount - i.discount,
    tax_percent: String(Number(i.tax_percent)),
    order_item_id: i.id,
    subscription_id: null,
    period_start: null,
    period_end: null,
  }));
  const shippingAmount = gross ? order.shipping_net + order.shipping_tax : order.shipping_net;
  if (order.shipping_method_id !== null && (shippingAmount > 0n || order.shipping_tax_percent !== null)) {
    lines.push({
      description: order.shipping_method_name ?? 'Shipping',
      quantity: 1,
      unit_amount: shippingAmount,
      discount: 0n,
      amount: shippingAmount,
      tax_percent: String(Number(order.shipping_tax_percent ?? '0')),
      order_item_id: null,
      subscription_id: null,
      period_start: null,
      period_end: null,
    });
  }
  const id = await issueInvoice(ctx, {
    type: 'initial',
    customerId: order.customer_id,
    buyer: { name: order.customer_name, email: order.customer_email, address: order.billing_address ?? null },
    gateway: opts.gateway ?? (await defaultGateway(ctx)),
    rule,
    lines,
    orderId,
    subscriptionId: null,
    recurringPaymentId: null,
  });
  return { id, created: true };
}
