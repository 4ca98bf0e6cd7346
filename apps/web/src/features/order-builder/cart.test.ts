import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import {
  addressError,
  availableIntervals,
  type Cart,
  cartBody,
  cartChanged,
  effectiveAddresses,
  emptyCart,
  failureToast,
  frequencyLabel,
  lineError,
  newLine,
  recurringRows,
  withKind,
} from './cart.ts';

const bike = {
  id: 7,
  type: 'normal' as const,
  rental_prices: { monthly: '89.00', quarterly: null, annually: '900.00' },
};
const helmet = {
  id: 8,
  type: 'normal' as const,
  rental_prices: { monthly: null, quarterly: null, annually: null },
};

describe('order builder cart', () => {
  it('offers the intervals that have a price, monthly first', () => {
    expect(availableIntervals(bike.rental_prices)).toEqual(['monthly', 'annually']);
    expect(availableIntervals(null)).toEqual([]);
  });

  it('starts a line as a rental when the product rents, else a purchase; a consumable stays one', () => {
    expect(newLine(bike)).toMatchObject({
      kind: 'rental',
      billing_interval: 'monthly',
      quantity: 1,
      variant_id: null,
    });
    expect(newLine({ ...helmet, variants: [{ id: 80 }] })).toMatchObject({
      kind: 'purchase',
      variant_id: 80,
    });
    expect(newLine({ ...helmet, type: 'consumable' }).kind).toBe('consumable');
  });

  it('drops the interval and the term when a line is bought', () => {
    const line = { ...newLine(bike), minimum_term_months: 6 };
    expect(withKind(line, 'purchase', bike.rental_prices)).toMatchObject({
      kind: 'purchase',
      billing_interval: null,
      minimum_term_months: null,
    });
    expect(withKind(withKind(line, 'purchase', null), 'rental', bike.rental_prices).billing_interval).toBe(
      'monthly',
    );
  });

  it('makes the request body of the complete lines only', () => {
    const cart: Cart = {
      ...emptyCart(),
      customer_id: 3,
      shipping_method_id: 5,
      voucher_code: 'SPRING',
      lines: [
        { ...newLine(bike), variant_id: 70, quantity: 2, minimum_term_months: 12 },
        { ...newLine(helmet), variant_id: 80 },
        newLine(bike),
      ],
    };
    expect(cartBody(cart)).toEqual({
      customer_id: 3,
      items: [
        { variant_id: 70, quantity: 2, kind: 'rental', billing_interval: 'monthly', minimum_term_months: 12 },
        { variant_id: 80, quantity: 1, kind: 'purchase' },
      ],
      shipping_method_id: 5,
      voucher_code: 'SPRING',
      consumable: false,
    });
  });

  it('has no body without a customer or a line', () => {
    expect(cartBody(emptyCart())).toBeNull();
    expect(cartBody({ ...emptyCart(), customer_id: 1 })).toBeNull();
    expect(cartBody({ ...emptyCart(), lines: [{ ...newLine(helmet), variant_id: 1 }] })).toBeNull();
  });

  it('labels a period', () => {
    expect(frequencyLabel('monthly', 1)).toBe('month');
    expect(frequencyLabel('monthly', 3)).toBe('3 months');
    expect(frequencyLabel('yearly', 1)).toBe('year');
  });

  it('finds a line error by its index', () => {
    const errors = { 'items.1.billing_interval': ['Required field.'], voucher_code: ['Expired.'] };
    expect(lineError(errors, 1)).toBe('Required field.');
    expect(lineError(errors, 0)).toBeUndefined();
    expect(lineError(null, 0)).toBeUndefined();
  });

  it('says an address could not be validated in the spec words', () => {
    expect(failureToast('Could not validate address: postal code', MESSAGES.orderCreateFailed)).toBe(
      MESSAGES.addressNotValidated,
    );
    expect(failureToast('', MESSAGES.orderCreateFailed)).toBe(MESSAGES.orderCreateFailed);
    expect(failureToast('Out of stock.', MESSAGES.orderCreateFailed)).toBe('Out of stock.');
  });

  it('adds a variant found by SKU as the line’s variant, even when the product has several', () => {
    expect(newLine({ ...bike, variants: [{ id: 70 }, { id: 71 }] }, 71)).toMatchObject({ variant_id: 71 });
  });

  it('sends this order’s own addresses, and takes them over the customer’s as the server does', () => {
    const home = {
      first_name: 'Camille',
      last_name: 'Roy',
      street: 'Rue Saint-Denis',
      postal_code: 'H2X 3K2',
      city: 'Montréal',
      region: 'QC',
      country: 'ca',
    };
    const cottage = {
      ...home,
      street: 'Queen Street',
      postal_code: 'M5V 2T6',
      city: 'Toronto',
      region: 'ON',
    };
    const cart: Cart = {
      ...emptyCart(),
      customer_id: 1,
      lines: [{ ...newLine(bike), variant_id: 70 }],
    };
    expect(cartBody(cart)).not.toHaveProperty('shipping_address');
    const own = { ...cart, shipping_address: cottage };
    expect(cartBody(own)).toMatchObject({ shipping_address: cottage });
    const customer = { billing_address: home, shipping_address: null };
    expect(effectiveAddresses(cart, customer)).toEqual({ billing: home, shipping: home });
    expect(effectiveAddresses(own, customer)).toEqual({ billing: home, shipping: cottage });
    expect(effectiveAddresses({ ...cart, billing_address: cottage }, customer).shipping).toEqual(cottage);
  });

  it('names the field of an address error', () => {
    expect(addressError({ 'shipping_address.postal_code': ['Invalid.'] }, 'shipping_address')).toBe(
      'postal code: Invalid.',
    );
    expect(addressError({ billing_address: ['Required field.'] }, 'billing_address')).toBe('Required field.');
    expect(addressError({ items: ['x'] }, 'billing_address')).toBeUndefined();
  });
});

describe('recurringRows', () => {
  const monthly = {
    billing_interval: 'monthly' as const,
    frequency: 'monthly' as const,
    interval: 1,
    net: '178.00',
    tax: '26.66',
    gross: '204.66',
  };
  const discounted = { discount: '17.80', net: '160.20', tax: '23.99', gross: '184.19' };

  it('states the full price alone without a voucher on later payments', () => {
    expect(recurringRows({ ...monthly, discounted: null }, 'WELCOME10')).toEqual([
      { label: 'then, monthly', gross: '204.66', covered: false },
    ]);
  });

  it('states the covered payments, then the full price from the next one', () => {
    expect(recurringRows({ ...monthly, discounted: { ...discounted, until_payment: 3 } }, 'BIKE3')).toEqual([
      { label: 'then, monthly with BIKE3: payments 2 to 3', gross: '184.19', covered: true },
      { label: 'from payment 4', gross: '204.66', covered: false },
    ]);
    expect(
      recurringRows({ ...monthly, discounted: { ...discounted, until_payment: 2 } }, 'B2')[0]?.label,
    ).toBe('then, monthly with B2: payment 2');
  });

  it('states only the discounted price when the voucher covers every payment', () => {
    expect(recurringRows({ ...monthly, discounted: { ...discounted, until_payment: null } }, 'ALL')).toEqual([
      { label: 'then, monthly with ALL', gross: '184.19', covered: true },
    ]);
  });
});

describe('cartChanged', () => {
  it('is false for the cart the builder opened with, true after any change', () => {
    const start = { ...emptyCart(), customer_id: 3 };
    expect(cartChanged(start, { ...start })).toBe(false);
    expect(cartChanged(start, { ...start, customer_id: 4 })).toBe(true);
    expect(cartChanged(start, { ...start, voucher_code: 'SPRING' })).toBe(true);
    expect(cartChanged(start, { ...start, lines: [newLine(bike)] })).toBe(true);
  });
  it('ignores the local keys of lines (a quote opened again is not a change)', () => {
    const start: Cart = { ...emptyCart(), lines: [newLine(bike)] };
    const same: Cart = { ...start, lines: start.lines.map((l) => ({ ...l, key: 'other' })) };
    expect(cartChanged(start, same)).toBe(false);
    expect(cartChanged(start, { ...start, lines: [{ ...start.lines[0]!, quantity: 2 }] })).toBe(true);
  });
});
