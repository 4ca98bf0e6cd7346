/**
 * A statement's document (packages/domain cumulated-invoices.ts): the invoices of a customer's month,
 * each at its gross as issued, and their sum. It is not an invoice: its title and legal note say so in
 * the customer's template language (INVOICE_LABELS), it shows no VAT breakdown and no VAT total of its
 * own, and its number is of its own series. The HTML goes through the company's editable
 * `invoice_document` template like an invoice's; the PDF through the invoices' renderer.
 */
import type { StoredStatementEntry } from '@rentloop/domain/cumulated-invoices';
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { formatInvoiceDate, type InvoicePdfDocument, invoiceMoney } from '@rentloop/domain/invoice-document';
import { fillLabel, INVOICE_LABELS } from '@rentloop/domain/invoice-labels';
import { formatMoney } from '@rentloop/domain/money';
import type { Ctx } from '../../context.ts';
import { escapeHtml } from '../../integrations/email/templates.ts';
import { LOCALE } from '../invoices/document.ts';
import { renderInvoicePdf } from '../invoices/pdf.ts';
import { getSettings } from '../settings/sections.ts';
import { renderMail } from '../templates/mail.ts';

export interface StatementInput {
  language: TemplateLanguage;
  currency: string;
  number: string;
  issueDate: string;
  period: { start: string; end: string };
  customer: { id: number; name: string; email: string };
  entries: StoredStatementEntry[];
  total: bigint;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The statement's legal note: the period, and that it is not an invoice and states no VAT. */
export function statementNote(s: Pick<StatementInput, 'language' | 'period'>): string {
  return fillLabel(INVOICE_LABELS[s.language].statementNote, {
    start: formatInvoiceDate(s.period.start, s.language),
    end: formatInvoiceDate(s.period.end, s.language),
  });
}

function entryText(s: StatementInput, e: StoredStatementEntry): string {
  const labels = INVOICE_LABELS[s.language];
  const title = labels.titles[e.type as keyof typeof labels.titles] ?? e.type;
  return `${title}: ${fillLabel(labels.statementInvoice, { number: e.number, date: formatInvoiceDate(e.issue_date, s.language) })}`;
}

/** The listed invoices as an HTML table (every text escaped), their sum under them. */
function entriesHtml(s: StatementInput): string {
  const labels = INVOICE_LABELS[s.language];
  const money = (m: bigint) => escapeHtml(formatMoney(m, s.currency, LOCALE[s.language]));
  const rows = s.entries.map(
    (e) =>
      `<tr><td>${escapeHtml(entryText(s, e))}</td><td style="text-align:right">${money(BigInt(e.gross))}</td></tr>`,
  );
  return [
    '<table class="statement-table" style="width:100%;border-collapse:collapse">',
    `<thead><tr><th style="text-align:left">${escapeHtml(labels.description)}</th><th style="text-align:right">${escapeHtml(labels.gross)}</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    `<tfoot><tr><td><strong>${escapeHtml(labels.grossTotal)}</strong></td><td style="text-align:right"><strong>${money(s.total)}</strong></td></tr></tfoot>`,
    '</table>',
  ].join('');
}

/** The statement's HTML from the company's invoice template (its title and note in place of an invoice's). */
export async function renderStatementHtml(ctx: Ctx, s: StatementInput): Promise<string> {
  const labels = INVOICE_LABELS[s.language];
  const settings = await getSettings(ctx, 'invoice');
  const bank = [settings.bank_name, settings.iban, settings.bic].filter(Boolean).join(' · ');
  const { html } = await renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: 'invoice_document',
    lang: s.language,
    data: {
      invoice: {
        title: labels.statement,
        reference: statementNote(s),
        number: s.number,
        date: s.issueDate,
        due_date: '',
        total: formatMoney(s.total, s.currency, LOCALE[s.language]),
        lines_html: entriesHtml(s),
      },
      customer: { name: s.customer.name, email: s.customer.email },
      legal: {
        company_name: settings.company_name,
        address: settings.address,
        vat_id: settings.vat_number,
        bank,
      },
    },
  });
  return html;
}

/** The statement's PDF: the invoices' layout without VAT columns, breakdown or VAT totals. */
export async function renderStatementPdf(ctx: Ctx, s: StatementInput): Promise<Buffer> {
  const labels = INVOICE_LABELS[s.language];
  const settings = await getSettings(ctx, 'invoice');
  const money = (m: bigint) => invoiceMoney(m, s.currency, s.language);
  const doc: InvoicePdfDocument = {
    language: s.language,
    type: 'cumulated invoice',
    title: labels.statement,
    number: s.number,
    issueDate: s.issueDate,
    dueDate: null,
    servicePeriod: s.period,
    currency: s.currency,
    seller: {
      legalName: text(settings.company_name) ?? '',
      addressLines: (text(settings.address) ?? '')
        .split(/\r?\n|,\s*/)
        .map((l) => l.trim())
        .filter(Boolean),
      vatId: text(settings.vat_number),
      taxNumber: null,
      register: text(settings.register),
      management: text(settings.managing_directors),
      bank: text(settings.iban)
        ? { name: text(settings.bank_name), iban: text(settings.iban)!, bic: text(settings.bic) }
        : null,
      contact: { phone: null, email: null, website: null },
    },
    buyer: {
      name: s.customer.name,
      company: null,
      addressLines: [],
      vatId: null,
      customerNumber: String(s.customer.id),
    },
    lines: s.entries.map((e) => ({
      description: entryText(s, e),
      period: null,
      quantity: '1',
      unitPrice: '',
      vatRate: '',
      netAmount: money(BigInt(e.gross)),
      vatAmount: '',
    })),
    vatBreakdown: [],
    totals: { net: '', vat: '', gross: money(s.total), paid: '', amountDue: money(s.total) },
    paymentTerms: null,
    footerText: text(settings.footer),
    original: null,
    statement: { note: statementNote(s) },
  };
  return renderInvoicePdf(doc);
}
