/**
 * The invoice settings' legal fields as the company's country names them (issue 25 item 4): a
 * Canadian company registers for GST/HST (and, in Quebec, QST), not for German VAT at the
 * "Amtsgericht Berlin". The settings keep one set of field names (`vat_number`, `tax_number`,
 * `register`, ...); their labels, examples and whether a field applies follow `country` and
 * `region` of the same section. The screen shows these; the PDF prints the seller's numbers under
 * the same names (`sellerTaxLabels`).
 *
 * Countries with their own words: Canada (by province: QST in Quebec, PST in British Columbia and
 * Saskatchewan, RST in Manitoba, none in the HST provinces, Alberta and the territories), the
 * United States, Australia, Germany, Austria, Switzerland and the United Kingdom. Every other
 * country, and a company that has not said its country, gets neutral words (VAT number, company
 * register) with no country's example.
 */
import { regionsForCountry } from './regions.ts';

/** The fields whose words follow the country. */
export type LegalField =
  | 'company_name'
  | 'address'
  | 'region'
  | 'vat_number'
  | 'tax_number'
  | 'register'
  | 'managing_directors'
  | 'iban'
  | 'bic';

/** A field's words for a country; `hidden`: the field does not apply there (and stays empty). */
export interface LegalFieldWords {
  label?: string;
  help?: string;
  hidden?: boolean;
}

export type LegalFieldOverrides = Partial<Record<LegalField, LegalFieldWords>>;

const noIban = (where: string, transfer: string): LegalFieldOverrides => ({
  iban: { help: `${where} accounts have no IBAN: leave empty and put ${transfer} in the footer.` },
  bic: { help: 'The bank’s SWIFT code (8 or 11 characters), for payments from abroad.' },
});

/** Canada's second sales tax registration by province, where it has one. */
const CANADIAN_PROVINCIAL_TAX: Readonly<Record<string, LegalFieldWords>> = {
  QC: { label: 'QST number', help: 'Your Revenu Québec registration, e.g. 1234567890 TQ0001.' },
  BC: { label: 'PST number', help: 'Your British Columbia PST registration, e.g. PST-1234-5678.' },
  SK: { label: 'PST number', help: 'Your Saskatchewan PST vendor licence number.' },
  MB: { label: 'RST number', help: 'Your Manitoba retail sales tax number.' },
};

function canada(region: string): LegalFieldOverrides {
  const provincial = CANADIAN_PROVINCIAL_TAX[region];
  return {
    company_name: { help: 'As registered, e.g. "Northwind Rentals Inc.".' },
    address: {
      help: 'The registered address, one line per row: street, then city, province and postal code.',
    },
    region: {
      label: 'Province or territory',
      help: 'Where the company is registered: it decides the provincial tax number (QST in Quebec).',
    },
    vat_number: {
      label: 'GST/HST number',
      help: 'Your business number with its GST/HST program account, e.g. 123456789 RT0001.',
    },
    tax_number:
      provincial ??
      (region === ''
        ? {
            label: 'Provincial sales tax number',
            help: 'QST in Quebec, PST in British Columbia and Saskatchewan, RST in Manitoba; none elsewhere.',
          }
        : { hidden: true }),
    register: {
      label: 'Corporation number',
      help: 'The corporation number and the registry that issued it (Corporations Canada or the province), if you print it.',
    },
    managing_directors: { label: 'Directors', help: 'Optional: names printed on the invoice, if any.' },
    ...noIban('Canadian', 'the transfer details (institution, transit and account numbers)'),
  };
}

const COUNTRY_WORDS: Readonly<Record<string, (region: string) => LegalFieldOverrides>> = {
  ca: canada,
  us: () => ({
    company_name: { help: 'As registered, e.g. "Northwind Rentals LLC".' },
    address: { help: 'The registered address, one line per row: street, then city, state and ZIP code.' },
    region: { label: 'State', help: 'The state where the company is registered.' },
    vat_number: { label: 'Tax ID (EIN)', help: 'Your Employer Identification Number, e.g. 12-3456789.' },
    tax_number: {
      label: 'Sales tax permit number',
      help: 'Your state seller’s permit, where you collect sales tax.',
    },
    register: {
      label: 'State registration',
      help: 'The state of formation and the entity number, if you print them.',
    },
    managing_directors: { label: 'Officers', help: 'Optional: names printed on the invoice, if any.' },
    ...noIban('US', 'the ACH details (routing and account numbers)'),
  }),
  au: () => ({
    company_name: { help: 'As registered, e.g. "Northwind Rentals Pty Ltd".' },
    address: { help: 'The registered address, one line per row: street, then suburb, state and postcode.' },
    region: { label: 'State or territory', help: 'Where the company is registered.' },
    vat_number: {
      label: 'ABN',
      help: 'Your Australian Business Number, e.g. 51 824 753 556: a tax invoice must show it.',
    },
    tax_number: { hidden: true },
    register: {
      label: 'ACN',
      help: 'Your Australian Company Number, e.g. 123 456 789, if the company has one.',
    },
    managing_directors: { label: 'Directors', help: 'Optional: names printed on the invoice, if any.' },
    ...noIban('Australian', 'the BSB and account number'),
  }),
  de: () => ({
    company_name: { help: 'As registered, e.g. "Northwind Rentals GmbH".' },
    vat_number: { label: 'USt-IdNr. (VAT ID)', help: 'Your VAT identification number, e.g. DE123456789.' },
    tax_number: {
      label: 'Steuernummer (tax number)',
      help: 'From your tax office, e.g. 143/123/45678: required on invoices without a VAT ID.',
    },
    register: {
      label: 'Commercial register',
      help: 'Court and number, e.g. "Amtsgericht Berlin (Charlottenburg) HRB 123456".',
    },
    managing_directors: {
      label: 'Managing directors (Geschäftsführer)',
      help: 'Required on business letters of a GmbH or AG.',
    },
  }),
  at: () => ({
    company_name: { help: 'As registered, e.g. "Northwind Rentals GmbH".' },
    vat_number: { label: 'UID-Nummer (VAT ID)', help: 'Your VAT identification number, e.g. ATU12345678.' },
    tax_number: { label: 'Steuernummer (tax number)', help: 'From your tax office, if you print it.' },
    register: { label: 'Firmenbuch', help: 'Number and court, e.g. "FN 123456a, Handelsgericht Wien".' },
    managing_directors: {
      label: 'Managing directors (Geschäftsführer)',
      help: 'Required on business letters.',
    },
  }),
  ch: () => ({
    company_name: { help: 'As registered, e.g. "Northwind Rentals AG".' },
    vat_number: { label: 'MWST number (VAT)', help: 'Your VAT number, e.g. CHE-123.456.789 MWST.' },
    tax_number: { hidden: true },
    register: {
      label: 'Commercial register',
      help: 'The cantonal register and your UID, e.g. "Handelsregister Zürich, CHE-123.456.789".',
    },
  }),
  gb: () => ({
    company_name: { help: 'As registered, e.g. "Northwind Rentals Ltd".' },
    vat_number: { label: 'VAT registration number', help: 'e.g. GB123456789.' },
    tax_number: { hidden: true },
    register: {
      label: 'Company number',
      help: 'Where registered and the number, e.g. "Registered in England and Wales, no. 01234567".',
    },
    managing_directors: { label: 'Directors', help: 'Optional: names printed on the invoice, if any.' },
  }),
};

/**
 * The words of the invoice settings' legal fields for a company in `country` (lowercase or not;
 * empty when not said) and `region` (a province or state code). Fields not named keep the
 * section's own (neutral) words. The region field is hidden for a country without a list of
 * regions to choose from.
 */
export function invoiceLegalFields(country: unknown, region: unknown): LegalFieldOverrides {
  const alpha2 = typeof country === 'string' ? country.trim().toLowerCase() : '';
  const code = typeof region === 'string' ? region.trim().toUpperCase() : '';
  const words = COUNTRY_WORDS[alpha2]?.(code) ?? {};
  return regionsForCountry(alpha2).length > 0 ? words : { ...words, region: { hidden: true } };
}

/** What the PDF prints before the seller's tax numbers, where the country names them its own way. */
export interface SellerTaxLabels {
  vatId?: string;
  taxNumber?: string;
}

/**
 * The seller's tax-number labels on an invoice, by the seller's country and province: Canada's
 * GST/HST and provincial numbers, Australia's ABN, the US EIN and sales tax permit. These are the
 * registrations' own names, printed as such in every invoice language; nothing where the invoice's
 * own words fit (a VAT ID, a Steuernummer).
 */
export function sellerTaxLabels(country: unknown, region: unknown): SellerTaxLabels {
  const alpha2 = typeof country === 'string' ? country.trim().toLowerCase() : '';
  const code = typeof region === 'string' ? region.trim().toUpperCase() : '';
  if (alpha2 === 'ca') {
    const provincial: Record<string, string> = { QC: 'QST No.', BC: 'PST No.', SK: 'PST No.', MB: 'RST No.' };
    const taxNumber = provincial[code];
    return { vatId: 'GST/HST No.', ...(taxNumber ? { taxNumber } : {}) };
  }
  if (alpha2 === 'au') return { vatId: 'ABN' };
  if (alpha2 === 'us') return { vatId: 'EIN', taxNumber: 'Sales tax permit' };
  return {};
}
