/**
 * Pure helpers of the invoice screens: the filter options, an invoice's title, the seller's legal details
 * as lines, a line's billing period. Zod-free at run time (the list's first load must not reach the
 * domain's `enums.ts`, whose chunk imports the schemas: scripts/size-budget.mjs); the value lists are
 * checked against the domain's types at compile time instead, as `orders/order-format.ts` does.
 */
import type { InvoiceSettlement, InvoiceType, PaymentGateway } from '@rentloop/domain/enums';
import type { Invoice } from '@rentloop/domain/invoices';
import { formatDate } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';

/** True only when `List` holds every value of `Union`. */
export type Complete<Union, List extends readonly unknown[]> = [Exclude<Union, List[number]>] extends [never]
  ? true
  : false;

const SETTLEMENTS = [
  'not settled',
  'pending payment',
  'settled',
  'failed',
] as const satisfies readonly InvoiceSettlement[];
const TYPES = [
  'initial',
  'recurring payment',
  'one time payment',
  'delayed payment',
  'buyout',
  'cumulated invoice',
  'replacement',
  'cancellation',
  'refund',
  'partial_refund',
  'full_refund',
] as const satisfies readonly InvoiceType[];
export const GATEWAYS = [
  'offlinegateway',
  'stripe',
  'mollie',
  'adyen',
  'braintree',
  'payone',
  'paypal',
] as const satisfies readonly PaymentGateway[];
// A value added to the domain's lists and missing here fails to compile.
const complete: [
  Complete<InvoiceSettlement, typeof SETTLEMENTS>,
  Complete<InvoiceType, typeof TYPES>,
  Complete<PaymentGateway, typeof GATEWAYS>,
] = [true, true, true];
void complete;

/** The gateways by the names merchants know ("Offline (invoice)" rather than `offlinegateway`). */
export function gatewayLabel(gateway: string): string {
  if (gateway === 'offlinegateway') return 'Offline (invoice)';
  if (gateway === 'paypal') return 'PayPal';
  return humanize(gateway);
}

const options = (values: readonly string[], label: (v: string) => string = humanize) =>
  values.map((value) => ({ value, label: label(value) }));

export const SETTLEMENT_OPTIONS = options(SETTLEMENTS);
export const INVOICE_TYPE_OPTIONS = options(TYPES);
export const GATEWAY_OPTIONS = options(GATEWAYS, gatewayLabel);

/** "Invoice INV-2026-1001"; a draft has no number yet: "Draft invoice #12". */
export function invoiceTitle(invoice: Pick<Invoice, 'id' | 'number'> & { type?: Invoice['type'] }): string {
  // A correction says what it is (the document's own title, INVOICE_LABELS, in English here).
  const kind =
    invoice.type === 'cancellation'
      ? 'Cancellation invoice'
      : invoice.type === 'replacement'
        ? 'Replacement invoice'
        : invoice.type === 'partial_refund' || invoice.type === 'full_refund' || invoice.type === 'refund'
          ? 'Refund invoice'
          : invoice.type === 'cumulated invoice'
            ? 'Collective invoice'
            : 'Invoice';
  return invoice.number ? `${kind} ${invoice.number}` : `Draft ${kind.toLowerCase()} #${invoice.id}`;
}

/** The seller's legal details (the `invoice` settings at issue) in the order a letterhead shows them. */
const SELLER_FIELDS: { key: string; label: string | null }[] = [
  { key: 'address', label: null },
  { key: 'vat_number', label: 'VAT number' },
  { key: 'register', label: 'Commercial register' },
  { key: 'managing_directors', label: 'Managing directors' },
  { key: 'bank_name', label: 'Bank' },
  { key: 'iban', label: 'IBAN' },
  { key: 'bic', label: 'BIC' },
];
/** Shown as the block's heading (the name) or at the document's foot (the footer), not as a line. */
const SELLER_NAME_KEYS = new Set(['company_name', 'name', 'footer']);

/**
 * The seller block's lines: the address as written (one line per line), then the labelled details that
 * are filled in; details this screen does not know are kept, labelled by their key, so nothing frozen on
 * the document is hidden from staff.
 */
export function sellerLines(details: Record<string, unknown>): string[] {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  const lines: string[] = [];
  const known = new Set(SELLER_FIELDS.map((f) => f.key));
  for (const { key, label } of SELLER_FIELDS) {
    const value = text(details[key]);
    if (!value) continue;
    if (label === null)
      lines.push(
        ...value
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      );
    else lines.push(`${label}: ${value}`);
  }
  for (const [key, raw] of Object.entries(details)) {
    const value = text(raw);
    if (value && !known.has(key) && !SELLER_NAME_KEYS.has(key)) lines.push(`${humanize(key)}: ${value}`);
  }
  return lines;
}

/** The seller's name: the legal name of the settings, else the company's name the API gave. */
export function sellerName(seller: Invoice['seller']): string {
  const legal = seller.details.company_name;
  return typeof legal === 'string' && legal.trim() ? legal.trim() : seller.name;
}

/** "1st Nov 2026 – 30th Nov 2026" for a rental line's period; "" for a line without one. */
export function linePeriod(line: { period_start: string | null; period_end: string | null }): string {
  if (!line.period_start) return '';
  if (!line.period_end || line.period_end === line.period_start) return formatDate(line.period_start);
  return `${formatDate(line.period_start)} – ${formatDate(line.period_end)}`;
}

/** The unit price's basis, as the invoice's tax rule says ("Unit price (net)"). */
export function unitPriceLabel(taxRule: Invoice['tax_rule']): string {
  return taxRule === 'gross_prices' ? 'Unit price (gross)' : 'Unit price (net)';
}

/**
 * How many invoices one "Download PDFs" may hold. `INVOICES_ZIP_LIMIT` lives beside the schemas (zod),
 * which the list does not load; the list repeats the number and a test holds the two equal.
 */
export const ZIP_LIMIT = 500;

/** The bulk button: "Download PDFs (3)" within the limit, the limit itself above it. */
export function zipLabel(selected: number): string {
  return selected > ZIP_LIMIT
    ? `Download PDFs (at most ${ZIP_LIMIT} at once)`
    : `Download PDFs (${selected})`;
}
