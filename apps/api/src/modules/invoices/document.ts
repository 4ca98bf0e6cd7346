/**
 * An invoice's HTML: the company's `invoice_document` template in the customer's language (renderMail
 * picks the company's own text, else the default, else English), its placeholders filled from the
 * invoice, and the lines table as `invoice.lines_html`. Rendered once at issue and stored (frozen).
 */
import type { CUSTOMER_LANGUAGES } from '@rentloop/domain/customers';
import type { InvoiceType, TemplateLanguage } from '@rentloop/domain/enums';
import { formatInvoiceDate } from '@rentloop/domain/invoice-document';
import { INVOICE_LABELS, invoiceReference } from '@rentloop/domain/invoice-labels';
import type { InvoiceTax } from '@rentloop/domain/invoice-tax';
import { formatMoney } from '@rentloop/domain/money';
import type { Ctx } from '../../context.ts';
import { escapeHtml } from '../../integrations/email/templates.ts';
import { mailTemplateOf } from '../templates/mail.ts';
import { renderText } from '../templates/render.ts';

type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** The template language of a customer's language (`gr` is the spec's code for Greek); else English. */
export function templateLanguageOf(language: string): TemplateLanguage {
  const map: Partial<Record<CustomerLanguage, TemplateLanguage>> = {
    de: 'de',
    el: 'gr',
    en: 'en',
    nl: 'nl',
    no: 'no',
  };
  return map[language as CustomerLanguage] ?? 'en';
}
/** The locale amounts are written in, per template language (invoices and billing mails). */
export const LOCALE: Record<TemplateLanguage, string> = {
  de: 'de-DE',
  en: 'en',
  gr: 'el-GR',
  nl: 'nl-NL',
  no: 'nb-NO',
};

/** The lines table's headings per template language. */
const WORDS: Record<
  TemplateLanguage,
  {
    description: string;
    quantity: string;
    unit: string;
    rate: string;
    net: string;
    vat: string;
    total: string;
  }
> = {
  en: {
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit price',
    rate: 'VAT',
    net: 'Net',
    vat: 'VAT',
    total: 'Total',
  },
  de: {
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einzelpreis',
    rate: 'USt.',
    net: 'Netto',
    vat: 'USt.',
    total: 'Gesamt',
  },
  gr: {
    description: 'Περιγραφή',
    quantity: 'Ποσότητα',
    unit: 'Τιμή μονάδας',
    rate: 'ΦΠΑ',
    net: 'Καθαρό',
    vat: 'ΦΠΑ',
    total: 'Σύνολο',
  },
  nl: {
    description: 'Omschrijving',
    quantity: 'Aantal',
    unit: 'Stukprijs',
    rate: 'Btw',
    net: 'Netto',
    vat: 'Btw',
    total: 'Totaal',
  },
  no: {
    description: 'Beskrivelse',
    quantity: 'Antall',
    unit: 'Enhetspris',
    rate: 'MVA',
    net: 'Netto',
    vat: 'MVA',
    total: 'Totalt',
  },
};

export interface DocumentLine {
  description: string;
  quantity: number;
  unit_amount: bigint;
}

export interface DocumentInput {
  companyId: number;
  language: TemplateLanguage;
  currency: string;
  /** The number as it will be: a stand-in while rendering before the number is taken (see issue.ts). */
  number: string;
  issueDate: string;
  dueDate: string;
  buyer: { name: string; email: string };
  seller: {
    company_name: string;
    address: string;
    vat_number: string;
    bank_name: string;
    iban: string;
    bic: string;
  };
  lines: DocumentLine[];
  tax: InvoiceTax;
  taxPercents: string[];
  /** The document's type: its title (INVOICE_LABELS). */
  type: InvoiceType;
  /** The invoice a correction names (its number and issue date), printed under the title. */
  original: { number: string; issueDate: string } | null;
  /** A refund by lines: the positions of `original` it refunds. */
  positions?: number[];
  /** A collective invoice: the service period of the charges it bills. */
  period?: { start: string; end: string } | null;
}

/** The lines and the VAT breakdown as an HTML table, every text escaped. */
export function linesHtml(d: DocumentInput): string {
  const w = WORDS[d.language];
  const money = (m: bigint) => escapeHtml(formatMoney(m, d.currency, LOCALE[d.language]));
  const rows = d.lines.map((l, i) => {
    const a = d.tax.lines[i];
    return `<tr><td>${escapeHtml(l.description)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${money(l.unit_amount)}</td><td style="text-align:right">${escapeHtml(d.taxPercents[i] ?? '')} %</td><td style="text-align:right">${money(a?.net ?? 0n)}</td></tr>`;
  });
  const breakdown = d.tax.breakdown.map(
    (b) =>
      `<tr><td colspan="4">${escapeHtml(w.vat)} ${escapeHtml(b.tax_percent)} % (${money(b.net)})</td><td style="text-align:right">${money(b.tax)}</td></tr>`,
  );
  return [
    '<table class="invoice-lines-table" style="width:100%;border-collapse:collapse">',
    `<thead><tr><th style="text-align:left">${escapeHtml(w.description)}</th><th>${escapeHtml(w.quantity)}</th><th>${escapeHtml(w.unit)}</th><th>${escapeHtml(w.rate)}</th><th>${escapeHtml(w.net)}</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    `<tfoot><tr><td colspan="4">${escapeHtml(w.net)}</td><td style="text-align:right">${money(d.tax.totals.net)}</td></tr>${breakdown.join('')}<tr><td colspan="4"><strong>${escapeHtml(w.total)}</strong></td><td style="text-align:right"><strong>${money(d.tax.totals.gross)}</strong></td></tr></tfoot>`,
    '</table>',
  ].join('');
}

/** An invoice template: the company's `invoice_document` text in one language (`invoiceTemplateOf`). */
export type InvoiceTemplate = Awaited<ReturnType<typeof mailTemplateOf>>;

/** The company's invoice template in `language` (its own text, else the default, else English). */
export const invoiceTemplateOf = (
  ctx: Ctx,
  companyId: number,
  language: TemplateLanguage,
): Promise<InvoiceTemplate> =>
  mailTemplateOf(ctx, { companyId, templateId: 'invoice_document', lang: language });

/**
 * The invoice's HTML from the company's template (read here, or `template` as `invoiceTemplateOf`
 * read it for the document's language: a batch reads each language's once).
 */
export async function renderInvoiceHtml(
  ctx: Ctx,
  d: DocumentInput,
  template?: InvoiceTemplate,
): Promise<string> {
  const labels = INVOICE_LABELS[d.language];
  const bank = [d.seller.bank_name, d.seller.iban, d.seller.bic].filter(Boolean).join(' · ');
  const { html } = renderText(template ?? (await invoiceTemplateOf(ctx, d.companyId, d.language)), {
    invoice: {
      title: labels.titles[d.type],
      // The legal wording of the type (issue 24 part 6): what it cancels, replaces or refunds, the period
      // a collective invoice bills.
      reference: invoiceReference(labels, d.type, {
        original: d.original
          ? { number: d.original.number, date: formatInvoiceDate(d.original.issueDate, d.language) }
          : null,
        positions: d.positions ?? [],
        period: d.period
          ? {
              start: formatInvoiceDate(d.period.start, d.language),
              end: formatInvoiceDate(d.period.end, d.language),
            }
          : null,
      }),
      number: d.number,
      date: d.issueDate,
      due_date: d.dueDate,
      total: formatMoney(d.tax.totals.gross, d.currency, LOCALE[d.language]),
      lines_html: linesHtml(d),
    },
    customer: d.buyer,
    legal: {
      company_name: d.seller.company_name,
      address: d.seller.address,
      vat_id: d.seller.vat_number,
      bank,
    },
  });
  return html;
}
