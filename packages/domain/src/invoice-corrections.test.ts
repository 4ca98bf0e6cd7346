import { describe, expect, it } from 'vitest';
import { INVOICE_TYPES } from './enums.ts';
import {
  type CancellationFacts,
  CORRECTION_TEXTS,
  cancellationRefusal,
  editRefusal,
  invoiceEditSchema,
} from './invoice-corrections.ts';

const issued: CancellationFacts = {
  status: 'issued',
  type: 'initial',
  cancelled: false,
  refunds: 0,
  open_attempts: 0,
};

describe('the chain rule: which documents may be cancelled', () => {
  it('cancels an issued invoice of any billing type once, an issued replacement included', () => {
    for (const type of ['initial', 'recurring payment', 'one time payment', 'buyout', 'replacement'] as const)
      expect(cancellationRefusal({ ...issued, type })).toBeNull();
  });

  it('never cancels a cancellation or a refund document', () => {
    for (const type of ['cancellation', 'refund', 'partial_refund', 'full_refund'] as const)
      expect(cancellationRefusal({ ...issued, type })).toBe(CORRECTION_TEXTS.cancelCorrection);
  });

  it('refuses a draft, a second cancellation, an invoice with refunds or an open payment attempt', () => {
    expect(cancellationRefusal({ ...issued, status: 'draft', type: 'replacement' })).toBe(
      CORRECTION_TEXTS.cancelNotIssued,
    );
    expect(cancellationRefusal({ ...issued, cancelled: true })).toBe(
      CORRECTION_TEXTS.invoiceAlreadyCancelled,
    );
    expect(cancellationRefusal({ ...issued, refunds: 1 })).toBe(CORRECTION_TEXTS.cancelHasRefunds);
    expect(cancellationRefusal({ ...issued, open_attempts: 1 })).toBe(
      CORRECTION_TEXTS.cancelPaymentInProgress,
    );
  });

  it('answers every type and status', () => {
    for (const type of INVOICE_TYPES)
      for (const status of ['draft', 'issued'] as const) {
        const r = cancellationRefusal({ ...issued, type, status });
        expect(r === null || r.length > 0).toBe(true);
      }
  });
});

describe('editing a replacement', () => {
  it('edits only a replacement that is still a draft', () => {
    expect(editRefusal({ status: 'draft', type: 'replacement' })).toBeNull();
    expect(editRefusal({ status: 'issued', type: 'replacement' })).toBe(
      CORRECTION_TEXTS.replacementAlreadyIssued,
    );
    expect(editRefusal({ status: 'issued', type: 'initial' })).toBe(CORRECTION_TEXTS.editNotReplacement);
  });

  it('names the field of a bad line', () => {
    const base = { customer: { name: 'A', email: 'a@b.test', address: null } };
    const bad = invoiceEditSchema.safeParse({
      ...base,
      lines: [
        { description: 'x', quantity: 1, unit_price: '1', tax_percent: '101' },
        {
          description: 'y',
          quantity: 1,
          unit_price: '1',
          tax_percent: '7',
          period_start: '2026-03-02',
          period_end: '2026-03-01',
        },
      ],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['lines.0.tax_percent', 'lines.1.period_end']);
    expect(invoiceEditSchema.safeParse({ ...base, lines: [] }).success).toBe(false);
  });
});
