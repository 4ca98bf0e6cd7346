import { describe, expect, it } from 'vitest';
import {
  bulkResultRows,
  CANCEL_REASONS,
  cancelPayload,
  formatPercent,
  rentalTerms,
  SWAP_REASONS,
  swapPayload,
} from './order-format.ts';

describe('order-format', () => {
  it('formats tax percentages without trailing zeros', () => {
    expect(formatPercent('19.00')).toBe('19%');
    expect(formatPercent('7.500')).toBe('7.5%');
    expect(formatPercent(null)).toBe('—');
  });

  it('labels bulk results by order number with the refusal', () => {
    const rows = bulkResultRows(
      [
        { id: 1, ok: true, message: null },
        { id: 2, ok: false, message: 'A cancelled order cannot be fulfilled.' },
        { id: 3, ok: false, message: null },
      ],
      new Map([
        [1, 'ORD-1'],
        [2, null],
      ]),
    );
    expect(rows.map((r) => [r.label, r.message])).toEqual([
      ['ORD-1', 'Updated'],
      ['#2', 'A cancelled order cannot be fulfilled.'],
      ['#3', 'Not updated.'],
    ]);
  });

  it('describes rental terms', () => {
    expect(rentalTerms({ billing_interval: 'monthly', minimum_term_months: 12 })).toBe(
      'Monthly, 12 months minimum',
    );
    expect(rentalTerms({ billing_interval: null, minimum_term_months: null })).toBe('');
  });

  it('never sends the reason "None" of a cancel or a swap, nor an empty message or note (spec 01 §5)', () => {
    expect(CANCEL_REASONS[0]).toBe('None');
    expect(SWAP_REASONS[0]).toBe('None');
    // What is sent: the JSON of the payload (an undefined key is left out).
    const sent = (payload: object) => JSON.parse(JSON.stringify(payload));
    expect(sent(cancelPayload({ reason: 'None', cancellation_message: '  ', refunded: false }))).toEqual({
      refunded: false,
    });
    expect(
      cancelPayload({ reason: 'Out of stock', cancellation_message: ' Sorry ', refunded: true }),
    ).toEqual({
      refunded: true,
      reason: 'Out of stock',
      cancellation_message: 'Sorry',
    });
    expect(swapPayload({ missing_product: '12', reason: 'None', note: '' })).toEqual({ missing_product: 12 });
    expect(swapPayload({ missing_product: '12', reason: 'Lost in transit', note: 'Box empty' })).toEqual({
      missing_product: 12,
      reason: 'Lost in transit',
      note: 'Box empty',
    });
  });
});
