import { describe, expect, it } from 'vitest';
import { INVOICE_TYPES, TEMPLATE_LANGUAGES } from './enums.ts';
import { formatInvoiceDate, formatInvoicePeriod, invoiceMoney } from './invoice-document.ts';
import { fillLabel, INVOICE_LABELS } from './invoice-labels.ts';

const nbsp = (s: string) => s.replace(/\s/g, ' ');

describe('the invoice document helpers', () => {
  it('prints amounts in the language of the document, from minor units', () => {
    expect(nbsp(invoiceMoney(123450n, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(nbsp(invoiceMoney(-5n, 'EUR', 'de'))).toBe('-0,05 €');
    expect(nbsp(invoiceMoney(123450n, 'EUR', 'gr'))).toBe('1.234,50 €');
    expect(nbsp(invoiceMoney(123450n, 'EUR', 'en'))).toBe('€1,234.50');
    expect(nbsp(invoiceMoney(123450n, 'NOK', 'no'))).toMatch(/^1 234,50 kr$/);
    expect(nbsp(invoiceMoney(1234n, 'JPY', 'en'))).toBe('JP¥1,234');
  });

  it('prints ISO dates per language without shifting them, and refuses what is not one', () => {
    expect(formatInvoiceDate('2026-03-01', 'de')).toBe('01.03.2026');
    expect(formatInvoiceDate('2026-03-01', 'en')).toBe('01/03/2026');
    expect(formatInvoiceDate('2026-03-01', 'gr')).toBe('01/03/2026');
    expect(formatInvoiceDate('2026-03-01', 'nl')).toBe('01-03-2026');
    expect(formatInvoiceDate('2026-12-31', 'no')).toBe('31.12.2026');
    expect(formatInvoicePeriod({ start: '2026-03-01', end: '2026-03-31' }, 'de')).toBe(
      '01.03.2026 – 31.03.2026',
    );
    expect(() => formatInvoiceDate('2026-3-1', 'de')).toThrow();
  });

  it('has a title for every invoice type in every language, and no German "Gutschrift"', () => {
    for (const language of TEMPLATE_LANGUAGES) {
      for (const type of INVOICE_TYPES)
        expect(INVOICE_LABELS[language].titles[type].length).toBeGreaterThan(0);
    }
    expect(INVOICE_LABELS.de.titles.cancellation).toBe('Stornorechnung');
    expect(Object.values(INVOICE_LABELS.de.titles).join(' ')).not.toContain('Gutschrift');
    expect(INVOICE_LABELS.gr.titles.initial).toBe('Τιμολόγιο');
    expect(fillLabel(INVOICE_LABELS.de.page, { page: 2, pages: 3 })).toBe('Seite 2 von 3');
    expect(fillLabel('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});
