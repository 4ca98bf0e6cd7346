/**
 * The printed words of an invoice, one table per language, for its HTML and its PDF alike. The titles
 * follow the invoice type (spec 01 §3). A German cancellation is a "Stornorechnung", never a
 * "Gutschrift": under §14 UStG a Gutschrift is a self-billed invoice, another thing (BILLING.md).
 * Refunds are corrections of the seller's own invoice, hence "Rechnungskorrektur".
 * Placeholders in braces are filled by `fillLabel`.
 */
import type { InvoiceType, TemplateLanguage } from './enums.ts';

export interface InvoiceLabels {
  titles: Record<InvoiceType, string>;
  draft: string;
  number: string;
  issueDate: string;
  dueDate: string;
  servicePeriod: string;
  customerNumber: string;
  /** A cancellation's reference: "Cancellation of invoice {number} of {date}". */
  corrects: string;
  /** A replacement's reference: "Replaces invoice {number} of {date}". */
  replaces: string;
  /** A refund by lines: names the invoice and the positions it refunds. */
  refunds: string;
  /** A refund by amount (split per rate): names the invoice. */
  refundsAmount: string;
  /** A collective invoice's reference: the period whose charges it bills. */
  collective: string;
  /** A statement (not an invoice): its title, its legal note, its number's label, a listed invoice. */
  statement: string;
  statementNote: string;
  statementNumber: string;
  statementInvoice: string;
  position: string;
  description: string;
  period: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  vat: string;
  net: string;
  gross: string;
  vatBreakdown: string;
  netTotal: string;
  vatTotal: string;
  grossTotal: string;
  paid: string;
  amountDue: string;
  paymentTerms: string;
  /** "Page {page} of {pages}". */
  page: string;
  continued: string;
  vatId: string;
  taxNumber: string;
  register: string;
  management: string;
  bank: string;
  iban: string;
  bic: string;
  phone: string;
  email: string;
  website: string;
}

const de: InvoiceLabels = {
  titles: {
    initial: 'Rechnung',
    'recurring payment': 'Rechnung',
    'one time payment': 'Rechnung',
    buyout: 'Rechnung Kauf',
    cancellation: 'Stornorechnung',
    replacement: 'Ersatzrechnung',
    refund: 'Rechnungskorrektur',
    partial_refund: 'Rechnungskorrektur (Teilerstattung)',
    full_refund: 'Rechnungskorrektur (Vollerstattung)',
    'delayed payment': 'Rechnung (verspätete Zahlung)',
    'cumulated invoice': 'Sammelrechnung',
  },
  draft: 'Entwurf',
  number: 'Rechnungsnummer',
  issueDate: 'Rechnungsdatum',
  dueDate: 'Fällig am',
  servicePeriod: 'Leistungszeitraum',
  customerNumber: 'Kundennummer',
  corrects: 'Storno der Rechnung {number} vom {date}',
  replaces: 'Ersetzt die Rechnung {number} vom {date}',
  refunds: 'Erstattung der Positionen {positions} der Rechnung {number} vom {date}',
  refundsAmount: 'Erstattung zur Rechnung {number} vom {date}',
  collective: 'Sammelrechnung für den Zeitraum {start} bis {end}',
  statement: 'Rechnungsübersicht',
  statementNote:
    'Übersicht der Rechnungen vom {start} bis {end}. Diese Übersicht ist keine Rechnung und weist keine eigene Umsatzsteuer aus; die Umsatzsteuer steht auf jeder aufgeführten Rechnung.',
  statementNumber: 'Übersichtsnummer',
  statementInvoice: 'Rechnung {number} vom {date}',
  position: 'Pos.',
  description: 'Beschreibung',
  period: 'Zeitraum',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  vatRate: 'USt.-Satz',
  vat: 'USt.',
  net: 'Netto',
  gross: 'Brutto',
  vatBreakdown: 'Umsatzsteuer nach Steuersätzen',
  netTotal: 'Summe netto',
  vatTotal: 'Umsatzsteuer',
  grossTotal: 'Gesamtbetrag',
  paid: 'Bereits bezahlt',
  amountDue: 'Zu zahlen',
  paymentTerms: 'Zahlungsbedingungen',
  page: 'Seite {page} von {pages}',
  continued: 'Fortsetzung',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  register: 'Handelsregister',
  management: 'Geschäftsführung',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC',
  phone: 'Telefon',
  email: 'E-Mail',
  website: 'Web',
};

const en: InvoiceLabels = {
  titles: {
    initial: 'Invoice',
    'recurring payment': 'Invoice',
    'one time payment': 'Invoice',
    buyout: 'Buyout invoice',
    cancellation: 'Cancellation invoice',
    replacement: 'Replacement invoice',
    refund: 'Credit note',
    partial_refund: 'Credit note (partial refund)',
    full_refund: 'Credit note (full refund)',
    'delayed payment': 'Invoice (delayed payment)',
    'cumulated invoice': 'Collective invoice',
  },
  draft: 'Draft',
  number: 'Invoice number',
  issueDate: 'Invoice date',
  dueDate: 'Due date',
  servicePeriod: 'Service period',
  customerNumber: 'Customer number',
  corrects: 'Cancellation of invoice {number} of {date}',
  replaces: 'Replaces invoice {number} of {date}',
  refunds: 'Refund of positions {positions} of invoice {number} of {date}',
  refundsAmount: 'Refund on invoice {number} of {date}',
  collective: 'Collective invoice for the period {start} to {end}',
  statement: 'Statement of invoices',
  statementNote:
    'Statement of the invoices of {start} to {end}. This statement is not an invoice and states no VAT of its own; the VAT is stated on each invoice listed.',
  statementNumber: 'Statement number',
  statementInvoice: 'Invoice {number} of {date}',
  position: 'No.',
  description: 'Description',
  period: 'Period',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  vatRate: 'VAT rate',
  vat: 'VAT',
  net: 'Net',
  gross: 'Gross',
  vatBreakdown: 'VAT breakdown',
  netTotal: 'Total net',
  vatTotal: 'Total VAT',
  grossTotal: 'Total',
  paid: 'Paid',
  amountDue: 'Amount due',
  paymentTerms: 'Payment terms',
  page: 'Page {page} of {pages}',
  continued: 'continued',
  vatId: 'VAT ID',
  taxNumber: 'Tax number',
  register: 'Company register',
  management: 'Management',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC',
  phone: 'Phone',
  email: 'Email',
  website: 'Web',
};

const gr: InvoiceLabels = {
  titles: {
    initial: 'Τιμολόγιο',
    'recurring payment': 'Τιμολόγιο',
    'one time payment': 'Τιμολόγιο',
    buyout: 'Τιμολόγιο εξαγοράς',
    cancellation: 'Ακυρωτικό τιμολόγιο',
    replacement: 'Τιμολόγιο αντικατάστασης',
    refund: 'Πιστωτικό τιμολόγιο',
    partial_refund: 'Πιστωτικό τιμολόγιο (μερική επιστροφή)',
    full_refund: 'Πιστωτικό τιμολόγιο (πλήρης επιστροφή)',
    'delayed payment': 'Τιμολόγιο (καθυστερημένη πληρωμή)',
    'cumulated invoice': 'Συγκεντρωτικό τιμολόγιο',
  },
  draft: 'Πρόχειρο',
  number: 'Αριθμός τιμολογίου',
  issueDate: 'Ημερομηνία έκδοσης',
  dueDate: 'Ημερομηνία λήξης',
  servicePeriod: 'Περίοδος παροχής',
  customerNumber: 'Αριθμός πελάτη',
  corrects: 'Ακύρωση του τιμολογίου {number} της {date}',
  replaces: 'Αντικαθιστά το τιμολόγιο {number} της {date}',
  refunds: 'Επιστροφή των θέσεων {positions} του τιμολογίου {number} της {date}',
  refundsAmount: 'Επιστροφή επί του τιμολογίου {number} της {date}',
  collective: 'Συγκεντρωτικό τιμολόγιο για την περίοδο {start} έως {end}',
  statement: 'Κατάσταση τιμολογίων',
  statementNote:
    'Κατάσταση των τιμολογίων από {start} έως {end}. Η κατάσταση αυτή δεν είναι τιμολόγιο και δεν αναγράφει δικό της ΦΠΑ· ο ΦΠΑ αναγράφεται σε κάθε τιμολόγιο της λίστας.',
  statementNumber: 'Αριθμός κατάστασης',
  statementInvoice: 'Τιμολόγιο {number} της {date}',
  position: 'Α/Α',
  description: 'Περιγραφή',
  period: 'Περίοδος',
  quantity: 'Ποσ.',
  unitPrice: 'Τιμή μονάδας',
  vatRate: 'ΦΠΑ %',
  vat: 'ΦΠΑ',
  net: 'Καθαρή αξία',
  gross: 'Μικτή αξία',
  vatBreakdown: 'Ανάλυση ΦΠΑ',
  netTotal: 'Σύνολο καθαρής αξίας',
  vatTotal: 'Σύνολο ΦΠΑ',
  grossTotal: 'Γενικό σύνολο',
  paid: 'Καταβλήθηκε',
  amountDue: 'Πληρωτέο ποσό',
  paymentTerms: 'Όροι πληρωμής',
  page: 'Σελίδα {page} από {pages}',
  continued: 'συνέχεια',
  vatId: 'ΑΦΜ',
  taxNumber: 'Αριθμός φορολογικού μητρώου',
  register: 'ΓΕΜΗ',
  management: 'Διοίκηση',
  bank: 'Τράπεζα',
  iban: 'IBAN',
  bic: 'BIC',
  phone: 'Τηλέφωνο',
  email: 'Email',
  website: 'Ιστότοπος',
};

const nl: InvoiceLabels = {
  titles: {
    initial: 'Factuur',
    'recurring payment': 'Factuur',
    'one time payment': 'Factuur',
    buyout: 'Factuur overname',
    cancellation: 'Annuleringsfactuur',
    replacement: 'Vervangende factuur',
    refund: 'Creditnota',
    partial_refund: 'Creditnota (gedeeltelijke terugbetaling)',
    full_refund: 'Creditnota (volledige terugbetaling)',
    'delayed payment': 'Factuur (uitgestelde betaling)',
    'cumulated invoice': 'Verzamelfactuur',
  },
  draft: 'Concept',
  number: 'Factuurnummer',
  issueDate: 'Factuurdatum',
  dueDate: 'Vervaldatum',
  servicePeriod: 'Leveringsperiode',
  customerNumber: 'Klantnummer',
  corrects: 'Annulering van factuur {number} van {date}',
  replaces: 'Vervangt factuur {number} van {date}',
  refunds: 'Terugbetaling van posities {positions} van factuur {number} van {date}',
  refundsAmount: 'Terugbetaling op factuur {number} van {date}',
  collective: 'Verzamelfactuur voor de periode {start} tot en met {end}',
  statement: 'Factuuroverzicht',
  statementNote:
    'Overzicht van de facturen van {start} tot en met {end}. Dit overzicht is geen factuur en vermeldt geen eigen btw; de btw staat op elke vermelde factuur.',
  statementNumber: 'Overzichtsnummer',
  statementInvoice: 'Factuur {number} van {date}',
  position: 'Nr.',
  description: 'Omschrijving',
  period: 'Periode',
  quantity: 'Aantal',
  unitPrice: 'Stukprijs',
  vatRate: 'Btw-tarief',
  vat: 'Btw',
  net: 'Netto',
  gross: 'Bruto',
  vatBreakdown: 'Btw-specificatie',
  netTotal: 'Totaal netto',
  vatTotal: 'Totaal btw',
  grossTotal: 'Totaal',
  paid: 'Betaald',
  amountDue: 'Te betalen',
  paymentTerms: 'Betalingsvoorwaarden',
  page: 'Pagina {page} van {pages}',
  continued: 'vervolg',
  vatId: 'Btw-id',
  taxNumber: 'Fiscaal nummer',
  register: 'KvK',
  management: 'Directie',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC',
  phone: 'Telefoon',
  email: 'E-mail',
  website: 'Web',
};

const no: InvoiceLabels = {
  titles: {
    initial: 'Faktura',
    'recurring payment': 'Faktura',
    'one time payment': 'Faktura',
    buyout: 'Faktura for utkjøp',
    cancellation: 'Annulleringsfaktura',
    replacement: 'Erstatningsfaktura',
    refund: 'Kreditnota',
    partial_refund: 'Kreditnota (delvis refusjon)',
    full_refund: 'Kreditnota (full refusjon)',
    'delayed payment': 'Faktura (forsinket betaling)',
    'cumulated invoice': 'Samlefaktura',
  },
  draft: 'Utkast',
  number: 'Fakturanummer',
  issueDate: 'Fakturadato',
  dueDate: 'Forfallsdato',
  servicePeriod: 'Leveringsperiode',
  customerNumber: 'Kundenummer',
  corrects: 'Annullering av faktura {number} av {date}',
  replaces: 'Erstatter faktura {number} av {date}',
  refunds: 'Refusjon av posisjon {positions} på faktura {number} av {date}',
  refundsAmount: 'Refusjon på faktura {number} av {date}',
  collective: 'Samlefaktura for perioden {start} til {end}',
  statement: 'Fakturaoversikt',
  statementNote:
    'Oversikt over fakturaene fra {start} til {end}. Denne oversikten er ikke en faktura og oppgir ingen egen MVA; MVA står på hver faktura som er oppført.',
  statementNumber: 'Oversiktsnummer',
  statementInvoice: 'Faktura {number} av {date}',
  position: 'Nr.',
  description: 'Beskrivelse',
  period: 'Periode',
  quantity: 'Antall',
  unitPrice: 'Enhetspris',
  vatRate: 'MVA-sats',
  vat: 'MVA',
  net: 'Netto',
  gross: 'Brutto',
  vatBreakdown: 'MVA-spesifikasjon',
  netTotal: 'Sum netto',
  vatTotal: 'Sum MVA',
  grossTotal: 'Totalt',
  paid: 'Betalt',
  amountDue: 'Å betale',
  paymentTerms: 'Betalingsbetingelser',
  page: 'Side {page} av {pages}',
  continued: 'fortsettelse',
  vatId: 'Org.nr. MVA',
  taxNumber: 'Skattenummer',
  register: 'Foretaksregisteret',
  management: 'Daglig leder',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC',
  phone: 'Telefon',
  email: 'E-post',
  website: 'Nett',
};

export const INVOICE_LABELS: Readonly<Record<TemplateLanguage, InvoiceLabels>> = Object.freeze({
  de,
  en,
  gr,
  nl,
  no,
});

/** Fills `{name}` placeholders: `fillLabel('Page {page} of {pages}', { page: 1, pages: 3 })`. */
export function fillLabel(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The types of a refund document (packages/domain invoices: isRefundInvoiceType's list). */
const REFUND_TYPES = new Set(['refund', 'partial_refund', 'full_refund']);

/**
 * The legal reference a document prints under its title (shared/BILLING.md "Corrections", "Cumulated
 * invoices"): a cancellation names the invoice it cancels, a replacement the one it replaces, a refund
 * the invoice and the positions it refunds (or only the invoice when refunded by amount), a collective
 * invoice the period it bills. Empty when the document names nothing.
 */
export function invoiceReference(
  labels: InvoiceLabels,
  type: string,
  refs: {
    original?: { number: string; date: string } | null;
    positions?: readonly number[];
    period?: { start: string; end: string } | null;
  },
): string {
  if (type === 'cumulated invoice' && refs.period) return fillLabel(labels.collective, refs.period);
  const original = refs.original;
  if (!original) return '';
  if (REFUND_TYPES.has(type)) {
    const positions = [...new Set(refs.positions ?? [])].sort((a, b) => a - b);
    return positions.length > 0
      ? fillLabel(labels.refunds, { ...original, positions: positions.join(', ') })
      : fillLabel(labels.refundsAmount, original);
  }
  return fillLabel(type === 'replacement' ? labels.replaces : labels.corrects, original);
}

/** A correction's reference without positions or period (a cancellation's, a replacement's). */
export function correctionReference(
  labels: InvoiceLabels,
  type: string,
  original: { number: string; date: string },
): string {
  return invoiceReference(labels, type, { original });
}
