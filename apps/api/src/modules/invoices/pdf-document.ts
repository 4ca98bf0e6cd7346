/**
 * The frozen invoice row as the document its PDF prints (packages/domain invoice-document.ts): the
 * seller as the `invoice` settings held them at issue (the row's snapshot), the buyer as the order held
 * them, the lines and the VAT breakdown as issued. Amounts are formatted here, once, from minor units.
 */

import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '@rentloop/domain/enums';
import { type InvoicePdfDocument, invoiceMoney } from '@rentloop/domain/invoice-document';
import { sellerTaxLabels } from '@rentloop/domain/invoice-legal-fields';
import type { invoices } from '../../db/schema/index.ts';

type InvoiceRow = typeof invoices.$inferSelect;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const lines = (v: unknown): string[] =>
  (text(v) ?? '')
    .split(/\r?\n|,\s*/)
    .map((l) => l.trim())
    .filter(Boolean);
const percent = (p: string) => `${p.replace(/\.0+$|(\.\d*?)0+$/, '$1')} %`;

export function pdfDocumentOf(
  row: InvoiceRow,
  original: { number: string; issueDate: string } | null,
): InvoicePdfDocument {
  const language: TemplateLanguage = (TEMPLATE_LANGUAGES as readonly string[]).includes(row.language)
    ? (row.language as TemplateLanguage)
    : 'en';
  const money = (minor: string | bigint) => invoiceMoney(BigInt(minor), row.currency, language);
  const s = row.seller.details as Record<string, unknown>;
  const address = row.customer.address;
  const periods = row.lines.flatMap((l) =>
    l.period_start && l.period_end ? [[l.period_start, l.period_end]] : [],
  );
  // The document as issued: what is paid later is the invoice's payment status, not its content.
  const paid = 0n;
  return {
    language,
    type: row.type,
    title: null,
    number: row.number,
    issueDate: row.issue_date ?? row.created_at.slice(0, 10),
    dueDate: row.due_date,
    servicePeriod:
      periods.length > 0
        ? {
            start: periods.map((p) => p[0]!).sort()[0]!,
            end: periods
              .map((p) => p[1]!)
              .sort()
              .at(-1)!,
          }
        : null,
    currency: row.currency,
    seller: {
      legalName: text(s.company_name) ?? row.seller.name,
      addressLines: lines(s.address),
      vatId: text(s.vat_number),
      taxNumber: text(s.tax_number),
      // Named as the seller's country names them (GST/HST No., ABN); frozen with the details.
      taxLabels: sellerTaxLabels(s.country, s.region),
      register: text(s.register),
      management: text(s.managing_directors),
      bank: text(s.iban) ? { name: text(s.bank_name), iban: text(s.iban)!, bic: text(s.bic) } : null,
      contact: { phone: null, email: null, website: null },
    },
    buyer: {
      name: row.customer.name,
      company: address?.company ?? null,
      addressLines: address
        ? [
            [address.street, address.street_number].filter(Boolean).join(' '),
            address.address_addition ?? '',
            [address.postal_code, address.city].filter(Boolean).join(' '),
            address.country.toUpperCase(),
          ].filter(Boolean)
        : [],
      vatId: address?.vat_number ?? null,
      customerNumber: String(row.customer_id),
    },
    lines: row.lines.map((l) => ({
      description: l.description,
      period: l.period_start && l.period_end ? { start: l.period_start, end: l.period_end } : null,
      quantity: String(l.quantity),
      unitPrice: money(l.unit_amount),
      vatRate: percent(l.tax_percent),
      netAmount: money(l.net),
      vatAmount: money(l.tax),
    })),
    vatBreakdown: row.tax_breakdown.map((b) => ({
      vatRate: percent(b.tax_percent),
      net: money(b.net),
      vat: money(b.tax),
      gross: money(b.gross),
      exemptionReason: null,
    })),
    totals: {
      net: money(row.net),
      vat: money(row.tax),
      gross: money(row.gross),
      paid: money(paid),
      amountDue: money(BigInt(row.gross) - paid),
    },
    paymentTerms: null,
    footerText: text(s.footer),
    original,
    refundedPositions: row.lines.flatMap((l) => (l.original_position ? [l.original_position] : [])),
  };
}
