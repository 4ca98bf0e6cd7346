import { describe, expect, it } from 'vitest';
import { invoiceLegalFields, sellerTaxLabels } from './invoice-legal-fields.ts';
import { MESSAGES } from './messages.ts';
import { SETTINGS_SECTIONS } from './settings.ts';

const invoice = SETTINGS_SECTIONS.invoice;
const body = (over: Record<string, unknown>) => ({ ...invoice.defaults, ...over });
const issues = (over: Record<string, unknown>) => {
  const r = invoice.input.safeParse(body(over));
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the invoice settings’ legal fields by country', () => {
  it('names a Canadian company’s GST/HST number, and the QST number in Quebec', () => {
    const quebec = invoiceLegalFields('ca', 'QC');
    expect(quebec.vat_number?.label).toBe('GST/HST number');
    expect(quebec.vat_number?.help).toContain('123456789 RT0001');
    expect(quebec.tax_number).toEqual({
      label: 'QST number',
      help: 'Your Revenu Québec registration, e.g. 1234567890 TQ0001.',
    });
    expect(quebec.region?.label).toBe('Province or territory');
    expect(JSON.stringify(quebec)).not.toMatch(/Amtsgericht|HRB|DE123/);
  });

  it('gives the provincial tax of each province, and leaves it out where there is none', () => {
    expect(invoiceLegalFields('CA', 'bc').tax_number?.label).toBe('PST number');
    expect(invoiceLegalFields('ca', 'SK').tax_number?.label).toBe('PST number');
    expect(invoiceLegalFields('ca', 'MB').tax_number?.label).toBe('RST number');
    for (const hst of ['ON', 'NS', 'NB', 'NL', 'PE', 'AB', 'NT', 'NU', 'YT'])
      expect(invoiceLegalFields('ca', hst).tax_number, hst).toEqual({ hidden: true });
    // No province yet: the field says which provinces have one.
    expect(invoiceLegalFields('ca', '').tax_number?.label).toBe('Provincial sales tax number');
  });

  it('keeps the German words for a German company', () => {
    const de = invoiceLegalFields('de', '');
    expect(de.register?.help).toContain('Amtsgericht');
    expect(de.tax_number?.label).toBe('Steuernummer (tax number)');
    expect(de.region).toEqual({ hidden: true });
  });

  it('uses the Australian and US words', () => {
    expect(invoiceLegalFields('au', 'NSW').vat_number?.label).toBe('ABN');
    expect(invoiceLegalFields('au', 'NSW').tax_number).toEqual({ hidden: true });
    expect(invoiceLegalFields('us', 'WA').vat_number?.label).toBe('Tax ID (EIN)');
    expect(invoiceLegalFields('us', 'WA').region?.label).toBe('State');
  });

  it('has neutral words, without another country’s example, where the country has none of its own', () => {
    for (const country of ['', 'fr', 'nl', null]) {
      const words = invoiceLegalFields(country, '');
      expect(words).toEqual({ region: { hidden: true } });
    }
    const neutral = JSON.stringify(Object.values(invoice.fields).map((f) => [f.label, f.help]));
    expect(neutral).not.toMatch(/Amtsgericht|DE123456789/);
  });
});

describe('the seller’s tax labels on the invoice', () => {
  it('prints Canada’s, Australia’s and the US numbers under their own names', () => {
    expect(sellerTaxLabels('ca', 'QC')).toEqual({ vatId: 'GST/HST No.', taxNumber: 'QST No.' });
    expect(sellerTaxLabels('ca', 'ON')).toEqual({ vatId: 'GST/HST No.' });
    expect(sellerTaxLabels('au', 'VIC')).toEqual({ vatId: 'ABN' });
    expect(sellerTaxLabels('us', 'NY')).toEqual({ vatId: 'EIN', taxNumber: 'Sales tax permit' });
  });

  it('leaves the invoice’s own words elsewhere and for an invoice issued before the country was kept', () => {
    expect(sellerTaxLabels('de', '')).toEqual({});
    expect(sellerTaxLabels(undefined, undefined)).toEqual({});
  });
});

describe('the invoice section’s country, region and tax number', () => {
  it('defaults to no country, no region and no tax number', () => {
    expect(invoice.defaults).toMatchObject({ country: '', region: '', tax_number: '' });
  });

  it('takes a known country (lower-cased), its region code and any region text elsewhere', () => {
    expect(
      invoice.input.parse(body({ country: 'CA', region: 'QC', tax_number: '1234567890 TQ0001' })),
    ).toMatchObject({ country: 'ca', region: 'QC', tax_number: '1234567890 TQ0001' });
    expect(issues({ country: 'de', region: 'Berlin' })).toEqual([]);
  });

  it('refuses an unknown country and a region not in the country’s list, naming the field', () => {
    expect(issues({ country: 'zz' })).toEqual([`country: ${MESSAGES.countryUnknown}`]);
    expect(issues({ country: 'ca', region: 'NY' })).toEqual([`region: ${MESSAGES.regionUnknown}`]);
    expect(issues({ country: 'canada' })).not.toEqual([]);
  });
});
