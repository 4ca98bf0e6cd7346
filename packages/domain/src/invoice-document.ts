/**
 * An invoice as a document: everything its HTML and its PDF print, and nothing else. Pure data, built
 * once when the invoice is issued and frozen with it (BILLING.md "Issued means frozen").
 *
 * Amounts are ALREADY FORMATTED strings in the document's language ("1.234,50 €"), made with
 * `invoiceMoney` from the integer minor units. Why not decimals + currency: the HTML and the PDF must
 * print the same characters, and a renderer that formats is a second place where a locale rule can
 * differ (Intl output changes between Node versions, and a frozen invoice must not). The amounts are
 * display text here; the arithmetic already happened in minor units before. Dates stay ISO
 * (`YYYY-MM-DD`) because the PDF also needs them as machine values (its CreationDate is the issue
 * date); `formatInvoiceDate` prints them, the same way for both renderers.
 */
import type { InvoiceType, TemplateLanguage } from './enums.ts';
import type { SellerTaxLabels } from './invoice-legal-fields.ts';
import { formatMoney } from './money.ts';

/** A date as `YYYY-MM-DD`. */
export type IsoDate = string;

export interface InvoiceDocumentPeriod {
  start: IsoDate;
  end: IsoDate;
}

export interface InvoiceDocumentSeller {
  /** The legal company name, as registered. */
  legalName: string;
  addressLines: string[];
  vatId: string | null;
  taxNumber: string | null;
  /** The labels of the two numbers where the seller's country has its own ("GST/HST No.", "ABN"). */
  taxLabels?: SellerTaxLabels;
  /** Register court and number, e.g. "Amtsgericht München, HRB 123456". */
  register: string | null;
  /** Managing directors or owner, as German law asks on business letters. */
  management: string | null;
  bank: { name: string | null; iban: string; bic: string | null } | null;
  contact: { phone: string | null; email: string | null; website: string | null };
}

export interface InvoiceDocumentBuyer {
  /** The person's name. */
  name: string;
  company: string | null;
  addressLines: string[];
  vatId: string | null;
  customerNumber: string | null;
}

export interface InvoiceDocumentLine {
  description: string;
  /** The billing period this line covers, if it differs per line. */
  period: InvoiceDocumentPeriod | null;
  /** Formatted, e.g. "2" or "1,5". */
  quantity: string;
  unitPrice: string;
  /** Formatted, e.g. "19 %". */
  vatRate: string;
  netAmount: string;
  vatAmount: string;
}

/** One row of the EN 16931 VAT breakdown (BG-23): per rate, the taxable net, the VAT and the gross. */
export interface InvoiceDocumentVatRow {
  vatRate: string;
  net: string;
  vat: string;
  gross: string;
  /** Why no VAT is charged (reverse charge, exempt), printed under the row. */
  exemptionReason: string | null;
}

export interface InvoiceDocumentTotals {
  net: string;
  vat: string;
  gross: string;
  paid: string;
  amountDue: string;
}

export interface InvoicePdfDocument {
  language: TemplateLanguage;
  type: InvoiceType;
  /** Overrides the type's title (`INVOICE_LABELS[language].titles[type]`) when set. */
  title: string | null;
  /** `null` for an unissued draft: the document then says it is a draft. */
  number: string | null;
  issueDate: IsoDate;
  dueDate: IsoDate | null;
  servicePeriod: InvoiceDocumentPeriod | null;
  /** ISO 4217 code; the amounts already carry their symbol. */
  currency: string;
  seller: InvoiceDocumentSeller;
  buyer: InvoiceDocumentBuyer;
  lines: InvoiceDocumentLine[];
  vatBreakdown: InvoiceDocumentVatRow[];
  totals: InvoiceDocumentTotals;
  paymentTerms: string | null;
  footerText: string | null;
  /** For a cancellation (and a replacement): the invoice it corrects. */
  original: { number: string; issueDate: IsoDate } | null;
  /** For a refund by lines: the positions of `original` it refunds (named in its reference). */
  refundedPositions?: number[];
  /** A statement (not an invoice): no VAT breakdown, no net and VAT totals of its own. */
  statement?: { note: string } | null;
}

/** The locale of each invoice language, for numbers and amounts. `gr` is the spec's code for Greek. */
export const INVOICE_LOCALES = {
  de: 'de-DE',
  en: 'en-GB',
  gr: 'el-GR',
  nl: 'nl-NL',
  no: 'nb-NO',
} as const satisfies Record<TemplateLanguage, string>;

/** Minor units as the document prints them in its language: `invoiceMoney(123450n, 'EUR', 'de')` -> "1.234,50 €". */
export function invoiceMoney(minor: bigint, currency: string, language: TemplateLanguage): string {
  return formatMoney(minor, currency, INVOICE_LOCALES[language]);
}

const DATE_PATTERNS: Record<TemplateLanguage, (d: string, m: string, y: string) => string> = {
  de: (d, m, y) => `${d}.${m}.${y}`,
  en: (d, m, y) => `${d}/${m}/${y}`,
  gr: (d, m, y) => `${d}/${m}/${y}`,
  nl: (d, m, y) => `${d}-${m}-${y}`,
  no: (d, m, y) => `${d}.${m}.${y}`,
};

/**
 * An ISO date as printed on the invoice ("2026-03-01" -> "01.03.2026" in German). String work, not
 * `Date`: a calendar date has no time zone, and nothing here may shift it by a day.
 */
export function formatInvoiceDate(iso: IsoDate, language: TemplateLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  const [, y = '', m = '', d = ''] = match;
  return DATE_PATTERNS[language](d, m, y);
}

/** A period as printed: "01.03.2026 – 31.03.2026". */
export function formatInvoicePeriod(period: InvoiceDocumentPeriod, language: TemplateLanguage): string {
  return `${formatInvoiceDate(period.start, language)} – ${formatInvoiceDate(period.end, language)}`;
}
