import {
  RECURRING_PAYMENT_STATUSES,
  RECURRING_PAYMENTS_CHARGE_LIMIT,
} from '@rentloop/domain/recurring-payments';
import { describe, expect, it } from 'vitest';
import {
  CHARGE_LIMIT,
  chargeLabel,
  chargeResultSummary,
  chargeSelection,
  periodText,
  RECURRING_STATUS_OPTIONS,
} from './recurring-format.ts';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('the batch charge', () => {
  it("keeps the spec's limit of the domain (10)", () => {
    expect(CHARGE_LIMIT).toBe(RECURRING_PAYMENTS_CHARGE_LIMIT);
    expect(CHARGE_LIMIT).toBe(10);
  });

  it('sends every selected id up to the limit, none above it', () => {
    expect(chargeSelection(rows(1))).toEqual({ ids: [1], tooMany: false });
    expect(chargeSelection(rows(10)).ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(chargeSelection(rows(10)).tooMany).toBe(false);
    expect(chargeSelection(rows(11))).toEqual({ ids: [], tooMany: true });
  });

  it('says the limit on the button once it is passed', () => {
    expect(chargeLabel(3)).toBe('Charge 3');
    expect(chargeLabel(10)).toBe('Charge 10');
    expect(chargeLabel(11)).toBe('Charge (at most 10 at once)');
  });

  it('sums up the results', () => {
    expect(chargeResultSummary([{ ok: true }, { ok: true }])).toEqual({ failed: 0, text: '2 charged.' });
    expect(chargeResultSummary([{ ok: true }, { ok: false }, { ok: false }])).toEqual({
      failed: 2,
      text: '1 charged, 2 not charged.',
    });
  });
});

describe('the list', () => {
  it('filters by every status', () => {
    expect(RECURRING_STATUS_OPTIONS.map((o) => o.value).sort()).toEqual(
      [...RECURRING_PAYMENT_STATUSES].sort(),
    );
  });

  it('writes the period as a range', () => {
    expect(periodText({ period_start: '2026-11-01', period_end: '2026-11-30' })).toBe(
      '1st Nov 2026 – 30th Nov 2026',
    );
  });
});
