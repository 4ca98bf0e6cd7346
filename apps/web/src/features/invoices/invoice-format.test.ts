import { INVOICE_SETTLEMENTS, INVOICE_TYPES, PAYMENT_GATEWAYS } from '@rentloop/domain/enums';
import { INVOICES_ZIP_LIMIT } from '@rentloop/domain/invoice-zips';
import { describe, expect, it } from 'vitest';
import {
  GATEWAY_OPTIONS,
  gatewayLabel,
  INVOICE_TYPE_OPTIONS,
  invoiceTitle,
  linePeriod,
  SETTLEMENT_OPTIONS,
  sellerLines,
  sellerName,
  unitPriceLabel,
  ZIP_LIMIT,
  zipLabel,
} from './invoice-format.ts';

describe('Download PDFs', () => {
  it('allows as many invoices as the server, and says the limit once above it', () => {
    expect(ZIP_LIMIT).toBe(INVOICES_ZIP_LIMIT);
    expect(zipLabel(3)).toBe('Download PDFs (3)');
    expect(zipLabel(ZIP_LIMIT)).toBe(`Download PDFs (${ZIP_LIMIT})`);
    expect(zipLabel(ZIP_LIMIT + 1)).toBe(`Download PDFs (at most ${ZIP_LIMIT} at once)`);
  });
});

describe('filter options', () => {
  it('offer exactly the domain values, each once, labelled in words', () => {
    expect(SETTLEMENT_OPTIONS.map((o) => o.value).sort()).toEqual([...INVOICE_SETTLEMENTS].sort());
    expect(INVOICE_TYPE_OPTIONS.map((o) => o.value).sort()).toEqual([...INVOICE_TYPES].sort());
    expect(GATEWAY_OPTIONS.map((o) => o.value).sort()).toEqual([...PAYMENT_GATEWAYS].sort());
    expect(INVOICE_TYPE_OPTIONS.find((o) => o.value === 'partial_refund')?.label).toBe('Partial refund');
    expect(SETTLEMENT_OPTIONS.find((o) => o.value === 'pending payment')?.label).toBe('Pending payment');
  });

  it('name gateways as merchants know them', () => {
    expect(gatewayLabel('offlinegateway')).toBe('Offline (invoice)');
    expect(gatewayLabel('stripe')).toBe('Stripe');
    expect(gatewayLabel('paypal')).toBe('PayPal');
  });
});

describe('invoiceTitle', () => {
  it('uses the number once issued, the id of a draft', () => {
    expect(invoiceTitle({ id: 7, number: 'INV-2026-1001' })).toBe('Invoice INV-2026-1001');
    expect(invoiceTitle({ id: 7, number: null })).toBe('Draft invoice #7');
  });

  it('names a correction by its type', () => {
    expect(invoiceTitle({ id: 8, number: 'INV-2026-1002', type: 'cancellation' })).toBe(
      'Cancellation invoice INV-2026-1002',
    );
    expect(invoiceTitle({ id: 9, number: null, type: 'replacement' })).toBe('Draft replacement invoice #9');
    expect(invoiceTitle({ id: 10, number: 'INV-2026-1003', type: 'partial_refund' })).toBe(
      'Refund invoice INV-2026-1003',
    );
    expect(invoiceTitle({ id: 11, number: 'INV-2026-1004', type: 'full_refund' })).toBe(
      'Refund invoice INV-2026-1004',
    );
    expect(invoiceTitle({ id: 12, number: 'INV-2026-1005', type: 'cumulated invoice' })).toBe(
      'Collective invoice INV-2026-1005',
    );
  });
});

describe('seller block', () => {
  const details = {
    company_name: 'Velo Rent GmbH',
    address: 'Hauptstraße 5\n10115 Berlin\n',
    vat_number: 'DE123456789',
    register: '',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    court: 'Amtsgericht Charlottenburg',
  };

  it('writes the address line by line, then the filled-in details labelled, unknown ones last', () => {
    expect(sellerLines(details)).toEqual([
      'Hauptstraße 5',
      '10115 Berlin',
      'VAT number: DE123456789',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC: COBADEFFXXX',
      'Court: Amtsgericht Charlottenburg',
    ]);
  });

  it('leaves out empty and non-text details and the name (the heading)', () => {
    expect(sellerLines({ company_name: 'X', name: 'Y', vat_number: '  ', logo: { url: 'x' } })).toEqual([]);
  });

  it('heads the block with the legal name, else the company name', () => {
    expect(sellerName({ name: 'Velo', details })).toBe('Velo Rent GmbH');
    expect(sellerName({ name: 'Velo', details: { company_name: ' ' } })).toBe('Velo');
  });
});

describe('line period and price basis', () => {
  it('shows a rental period as a range, a single day once, nothing without one', () => {
    expect(linePeriod({ period_start: '2026-11-01', period_end: '2026-11-30' })).toBe(
      '1st Nov 2026 – 30th Nov 2026',
    );
    expect(linePeriod({ period_start: '2026-11-01', period_end: '2026-11-01' })).toBe('1st Nov 2026');
    expect(linePeriod({ period_start: null, period_end: null })).toBe('');
  });

  it('says which basis the unit price is on', () => {
    expect(unitPriceLabel('net_prices')).toBe('Unit price (net)');
    expect(unitPriceLabel('gross_prices')).toBe('Unit price (gross)');
  });
});
