/**
 * A realistic invoice document for the PDF's tests and bench: a German seller, a Greek customer, lines
 * in several scripts at two VAT rates. Its amounts are computed here from minor units (VAT per rate on
 * the rate's net sum, as EN 16931 asks) and formatted with the domain's `invoiceMoney`, so the
 * figures a test reads back are the ones the document really adds up to.
 */
import type { InvoiceType, TemplateLanguage } from '@rentloop/domain/enums';
import {
  type InvoiceDocumentLine,
  type InvoiceDocumentVatRow,
  type InvoicePdfDocument,
  invoiceMoney,
} from '@rentloop/domain/invoice-document';
import { percentOf, sumMinor } from '@rentloop/domain/money';

const PRODUCTS = [
  { description: 'Ηλεκτρικό ποδήλατο – μηνιαία μίσθωση', unit: 8900n, rate: '19' },
  { description: 'Lastenrad „Müller Straße“ mit Kindersitz', unit: 5490n, rate: '19' },
  { description: 'Kinderfahrradhelm, Größe S (Łódź)', unit: 399n, rate: '7' },
  { description: 'Versicherung Diebstahl Ærø & Øresund', unit: 1250n, rate: '19' },
  { description: 'Ersatzakku 500 Wh, Café-Edition (Ñandú)', unit: 2190n, rate: '19' },
  { description: 'Fahrradkorb aus Weide, naturfarben', unit: 275n, rate: '7' },
];

export interface SampleOptions {
  lines?: number;
  language?: TemplateLanguage;
  type?: InvoiceType;
  number?: string | null;
}

export function sampleInvoiceDocument(options: SampleOptions = {}): InvoicePdfDocument {
  const { lines: count = 10, language = 'de', type = 'recurring payment' } = options;
  const currency = 'EUR';
  const money = (minor: bigint) => invoiceMoney(minor, currency, language);
  const sign = type === 'cancellation' || type.endsWith('refund') ? -1n : 1n;
  const raw = Array.from({ length: count }, (_, i) => {
    const product = PRODUCTS[i % PRODUCTS.length] ?? PRODUCTS[0];
    if (!product) throw new Error('no products');
    const quantity = BigInt((i % 3) + 1);
    const net = sign * product.unit * quantity;
    return { ...product, index: i, quantity, net, vat: percentOf(net, product.rate) };
  });
  const lines: InvoiceDocumentLine[] = raw.map((l) => ({
    description: count > PRODUCTS.length ? `${l.description} #${l.index + 1}` : l.description,
    period: l.index % 2 === 0 ? { start: '2026-03-01', end: '2026-03-31' } : null,
    quantity: String(l.quantity),
    unitPrice: money(sign * l.unit),
    vatRate: `${l.rate} %`,
    netAmount: money(l.net),
    vatAmount: money(l.vat),
  }));
  const rates = [...new Set(raw.map((l) => l.rate))];
  let netTotal = 0n;
  let vatTotal = 0n;
  const vatBreakdown: InvoiceDocumentVatRow[] = rates.map((rate) => {
    const net = sumMinor(raw.filter((l) => l.rate === rate).map((l) => l.net));
    const vat = percentOf(net, rate);
    netTotal += net;
    vatTotal += vat;
    return {
      vatRate: `${rate} %`,
      net: money(net),
      vat: money(vat),
      gross: money(net + vat),
      exemptionReason: null,
    };
  });
  const gross = netTotal + vatTotal;
  const paid = sign > 0n ? 5000n : 0n;
  return {
    language,
    type,
    title: null,
    number: options.number === undefined ? 'RE-2026-000123' : options.number,
    issueDate: '2026-03-31',
    dueDate: '2026-04-14',
    servicePeriod: { start: '2026-03-01', end: '2026-03-31' },
    currency,
    seller: {
      legalName: 'Radwerk Vermietung GmbH',
      addressLines: ['Müller Straße 12', '80469 München', 'Deutschland'],
      vatId: 'DE123456789',
      taxNumber: '143/123/45678',
      register: 'Amtsgericht München, HRB 123456',
      management: 'Jürgen Weiß, Zoë Ødegård',
      bank: { name: 'Stadtsparkasse München', iban: 'DE89 3704 0044 0532 0130 00', bic: 'SSKMDEMMXXX' },
      contact: { phone: '+49 89 1234567', email: 'rechnung@radwerk.example', website: 'radwerk.example' },
    },
    buyer: {
      name: 'Γιώργος Παπαδόπουλος',
      company: 'Ελληνικά Ποδήλατα Α.Ε.',
      addressLines: ['Οδός Ερμού 25', '105 63 Αθήνα', 'Ελλάδα'],
      vatId: 'EL094259216',
      customerNumber: 'K-10042',
    },
    lines,
    vatBreakdown,
    totals: {
      net: money(netTotal),
      vat: money(vatTotal),
      gross: money(gross),
      paid: money(paid),
      amountDue: money(gross - paid),
    },
    paymentTerms:
      'Zahlbar ohne Abzug bis zum 14.04.2026 per Überweisung unter Angabe der Rechnungsnummer. Der Betrag wird per SEPA-Lastschrift eingezogen, sofern ein Mandat vorliegt.',
    footerText: 'Vielen Dank für Ihr Vertrauen. Ευχαριστούμε για την προτίμηση!',
    original: type === 'cancellation' ? { number: 'RE-2026-000099', issueDate: '2026-02-28' } : null,
  };
}
