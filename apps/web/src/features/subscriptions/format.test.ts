import { describe, expect, it } from 'vitest';
import { actionLabel, periodLabel, pricePerPeriod } from './format.ts';

describe('subscription texts', () => {
  it('names the period', () => {
    expect(periodLabel('monthly', 1)).toBe('month');
    expect(periodLabel('monthly', 3)).toBe('3 months');
    expect(periodLabel('yearly', 1)).toBe('year');
    expect(periodLabel('weekly', 2)).toBe('2 weeks');
  });
  it('shows a price per period in the company currency', () => {
    expect(pricePerPeriod('89.00', 'CAD', 'monthly', 1)).toBe('CA$89.00 / month');
    expect(pricePerPeriod('54.00', 'CAD', 'monthly', 3)).toBe('CA$54.00 / 3 months');
  });
  it('labels an action', () => {
    expect(actionLabel('request_return')).toBe('Request return');
    expect(actionLabel('pause')).toBe('Pause');
  });
});
