import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { isStaleRecordError, orderOffers } from './order-availability.ts';

const rental = [{ kind: 'rental' }];

describe('orderOffers', () => {
  it('offers a cancelled order neither tracking nor a confirmation mail', () => {
    expect(orderOffers({ status: 'cancelled', items: rental })).toEqual({
      tracking: false,
      confirmationMail: false,
      swap: false,
      oneTimePayment: false,
    });
  });
  it('offers an open or fulfilled order all of them (swap only with rented items)', () => {
    expect(orderOffers({ status: 'open', items: rental })).toEqual({
      tracking: true,
      confirmationMail: true,
      swap: true,
      oneTimePayment: true,
    });
    expect(orderOffers({ status: 'fulfilled', items: [{ kind: 'purchase' }] }).swap).toBe(false);
  });
  it('offers a quote no order action', () => {
    expect(Object.values(orderOffers({ status: 'draft', items: rental }))).not.toContain(true);
  });
});

describe('isStaleRecordError', () => {
  const error = (status: number) =>
    new ApiError({ ok: false, status, message: 'x', errors: null, data: null } as never);
  it('is true for 404 and 409 only', () => {
    expect(isStaleRecordError(error(404))).toBe(true);
    expect(isStaleRecordError(error(409))).toBe(true);
    expect(isStaleRecordError(error(422))).toBe(false);
    expect(isStaleRecordError(new Error('network'))).toBe(false);
  });
});
