/** Dates records keep are bounded to 2000-01-01..2100-12-31, the 422 naming the field (issue 25 item 8). */
import { describe, expect, it } from 'vitest';
import { businessDate } from './api.ts';
import { MESSAGES } from './messages.ts';
import { orderUpdateSchema } from './orders.ts';
import { subscriptionUpdateSchema } from './subscriptions.ts';
import { voucherInputSchema } from './vouchers.ts';

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('business dates', () => {
  it('take 2000-01-01 to 2100-12-31 and nothing outside', () => {
    for (const ok of ['2000-01-01', '2026-03-15', '2100-12-31'])
      expect(businessDate().safeParse(ok).success, ok).toBe(true);
    for (const bad of ['1901-01-01', '1999-12-31', '2101-01-01', '2999-12-31', '0000-01-01'])
      expect(businessDate().safeParse(bad).success, bad).toBe(false);
  });

  it('a next billing date in 1901 is refused, naming next_billing_date', () => {
    expect(issuesOf(subscriptionUpdateSchema.safeParse({ next_billing_date: '1901-01-01' }))).toEqual([
      ['next_billing_date', MESSAGES.businessDateOutOfRange],
    ]);
  });

  it('so are a voucher valid in 1901 and an order tagged in 2150', () => {
    expect(
      issuesOf(
        voucherInputSchema.safeParse({ code: 'OLD', kind: 'free_shipping', valid_from: '1901-01-01' }),
      ),
    ).toContainEqual(['valid_from', MESSAGES.businessDateOutOfRange]);
    expect(issuesOf(orderUpdateSchema.safeParse({ tag_date: '2150-01-01' }))).toContainEqual([
      'tag_date',
      MESSAGES.businessDateOutOfRange,
    ]);
  });
});
