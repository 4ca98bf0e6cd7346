/**
 * The builder's blocking errors (faults.ts): the first fault in the page's order, the toast that names
 * the reason of a refusal, and where the focus goes for each field.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { faultTargets, firstFault, isCartRefusal, refusalToast } from './faults.ts';
import { builderIds } from './testids.ts';

const apiError = (status: number, message: string, errors: Record<string, string[]> | null = null) =>
  new ApiError({ success: false, status, message, data: null, meta: null, errors, headers: new Headers() });

describe('firstFault', () => {
  it('takes the fields in the page order, whatever order the server gave', () => {
    expect(
      firstFault({
        voucher_code: ['This voucher has been used up.'],
        'items.1.quantity': ['Too many.'],
        shipping_method_id: ['Nothing ships to Norway.'],
      }),
    ).toEqual({ key: 'items.1.quantity', message: 'Too many.' });
    expect(
      firstFault({
        'shipping_address.postal_code': ['The postal code is in Alberta.'],
        customer_id: ['No such customer.'],
      }),
    ).toEqual({ key: 'customer_id', message: 'No such customer.' });
    expect(firstFault({ something_else: ['Odd.'], voucher_code: ['Used.'] })?.key).toBe('voucher_code');
    expect(firstFault({ voucher_code: [] })).toBeNull();
    expect(firstFault(null)).toBeNull();
  });
});

describe('refusalToast', () => {
  it('names the reason of a 422 after the spec’s failure text', () => {
    const error = apiError(422, MESSAGES.validationFailed, {
      voucher_code: ['This voucher has been used up.'],
    });
    expect(refusalToast(error, MESSAGES.orderCreateFailed)).toBe(
      'Could not create order. This voucher has been used up.',
    );
  });

  it('names the server’s message of another refusal, and the failure text alone without one', () => {
    expect(
      refusalToast(apiError(409, 'The quote was finalised meanwhile.'), MESSAGES.orderFinaliseFailed),
    ).toBe('Could not finalise draft order. The quote was finalised meanwhile.');
    expect(refusalToast(apiError(500, ''), MESSAGES.orderCreateFailed)).toBe(MESSAGES.orderCreateFailed);
    expect(refusalToast(apiError(409, MESSAGES.orderCreateFailed), MESSAGES.orderCreateFailed)).toBe(
      MESSAGES.orderCreateFailed,
    );
  });
});

describe('isCartRefusal', () => {
  it('is a 422 or a 409, not a failure of the server or the network', () => {
    expect(isCartRefusal(apiError(422, 'x'))).toBe(true);
    expect(isCartRefusal(apiError(409, 'x'))).toBe(true);
    expect(isCartRefusal(apiError(500, 'x'))).toBe(false);
    expect(isCartRefusal(new Error('offline'))).toBe(false);
    expect(isCartRefusal(null)).toBe(false);
  });
});

describe('faultTargets', () => {
  // The second line of the cart was the first one sent (the first is not complete yet).
  const lineIndex = (sent: number) => (sent === 0 ? 1 : undefined);

  it('points each field at its control', () => {
    expect(faultTargets('voucher_code', lineIndex)).toEqual([{ testId: builderIds.voucher, box: false }]);
    expect(faultTargets('customer_id', lineIndex)).toEqual([{ testId: builderIds.customer, box: false }]);
    expect(faultTargets('shipping_address.postal_code', lineIndex)).toEqual([
      { testId: builderIds.addressEdit('shipping'), box: false },
    ]);
    expect(faultTargets('billing_address', lineIndex)).toEqual([
      { testId: builderIds.addressEdit('billing'), box: false },
    ]);
  });

  it('points a line’s field at that line in the cart, and the methods at the address when none ship', () => {
    expect(faultTargets('items.0.billing_interval', lineIndex)).toEqual([
      { testId: builderIds.lineInterval(1), box: false },
      { testId: builderIds.line(1), box: true },
    ]);
    expect(faultTargets('items.0', lineIndex)).toEqual([{ testId: builderIds.line(1), box: true }]);
    expect(faultTargets('items.5.variant_id', lineIndex)).toEqual([
      { testId: builderIds.productSearch, box: false },
    ]);
    expect(faultTargets('shipping_method_id', lineIndex)).toEqual([
      { testId: builderIds.shipping, box: true },
      { testId: builderIds.addressEdit('shipping'), box: false },
    ]);
    expect(faultTargets('nothing_known', lineIndex)).toEqual([]);
  });
});
