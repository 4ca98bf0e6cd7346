import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './enums.ts';
import { MESSAGES } from './messages.ts';
import {
  draftFromSubscriptionSchema,
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  orderActionTo,
  orderCancelSchema,
  orderCloneSchema,
  orderFiltersSchema,
  orderInputSchema,
  orderItemUpdateSchema,
  orderSwapSchema,
  ordersBulkUpdateSchema,
  orderUpdateSchema,
  paymentStatusRefusal,
  shownPaymentStatus,
} from './orders.ts';
import { allowedActions, refusal } from './transitions.ts';

const messagesOf = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('orderInputSchema', () => {
  it('takes a cart of rentals and purchases, with defaults', () => {
    const r = orderInputSchema.parse({
      customer_id: 7,
      items: [
        { variant_id: 1, quantity: 2, kind: 'rental', billing_interval: 'monthly' },
        { variant_id: 2, quantity: 1, kind: 'purchase' },
      ],
      voucher_code: 'SPRING-10',
      note: '  ',
    });
    expect(r.consumable).toBe(false);
    expect(r.note).toBeUndefined();
    expect(r.items[0]?.billing_interval).toBe('monthly');
  });

  it('requires a billing interval on a rental and refuses one elsewhere, and an empty cart', () => {
    const r = orderInputSchema.safeParse({
      customer_id: 7,
      items: [
        { variant_id: 1, quantity: 1, kind: 'rental' },
        { variant_id: 2, quantity: 1, kind: 'purchase', billing_interval: 'monthly' },
      ],
    });
    expect(messagesOf(r)).toEqual([
      `items.0.billing_interval: ${MESSAGES.required}`,
      'items.1.billing_interval: Only a rental has a billing interval.',
    ]);
    expect(messagesOf(orderInputSchema.safeParse({ customer_id: 7, items: [] }))).toEqual([
      `items: ${MESSAGES.orderHasNoItems}`,
    ]);
    expect(
      orderInputSchema.safeParse({
        customer_id: 7,
        items: [{ variant_id: 1, quantity: 0, kind: 'purchase' }],
      }).success,
    ).toBe(false);
  });
});

describe('order updates', () => {
  it('edits tag, tag date, note and status, and refuses an empty update', () => {
    expect(orderUpdateSchema.parse({ tag: 'in dunning', tag_date: '2026-11-25' })).toEqual({
      tag: 'in dunning',
      tag_date: '2026-11-25',
    });
    expect(orderUpdateSchema.safeParse({}).success).toBe(false);
    expect(orderUpdateSchema.safeParse({ tag: 'nonsense' }).success).toBe(false);
    expect(orderUpdateSchema.safeParse({ tag: null, tag_date: '2026-11-25' }).success).toBe(false);
  });

  it('bulk: 1 to 100 ids, duplicates folded, something to change', () => {
    expect(ordersBulkUpdateSchema.parse({ ids: [1, 2, 1], tag: 'delivered' }).ids).toEqual([1, 2]);
    expect(ordersBulkUpdateSchema.safeParse({ ids: [1] }).success).toBe(false);
    expect(ordersBulkUpdateSchema.safeParse({ ids: [], status: 'fulfilled' }).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(ordersBulkUpdateSchema.safeParse({ ids: many, status: 'fulfilled' }).success).toBe(false);
  });
});

describe('cancel and swap payloads (spec 01 §5)', () => {
  it('drops the reason "None" from a cancellation', () => {
    expect(
      orderCancelSchema.parse({ refunded: true, reason: 'None', cancellation_message: 'Sorry' }),
    ).toEqual({
      refunded: true,
      cancellation_message: 'Sorry',
    });
    expect(orderCancelSchema.parse({ refunded: false, reason: 'Damaged' })).toEqual({
      refunded: false,
      reason: 'Damaged',
    });
    expect(orderCancelSchema.safeParse({ reason: 'Damaged' }).success).toBe(false);
  });

  it('drops reason "None" and an empty note from a swap', () => {
    expect(orderSwapSchema.parse({ order: 3, missing_product: 9, reason: 'None', note: '' })).toEqual({
      order: 3,
      missing_product: 9,
    });
    expect(
      orderSwapSchema.parse({ order: 3, missing_product: 9, reason: 'Lost', note: 'Parcel lost' }),
    ).toEqual({
      order: 3,
      missing_product: 9,
      reason: 'Lost',
      note: 'Parcel lost',
    });
  });
});

describe('order items, clone, draft from subscription', () => {
  it('requires the tracking number with add_tracking_number', () => {
    expect(
      orderItemUpdateSchema.parse({ action: 'add_tracking_number', tracking_number: ' 1Z999 ' }),
    ).toEqual({
      action: 'add_tracking_number',
      tracking_number: '1Z999',
    });
    const missing = orderItemUpdateSchema.safeParse({ action: 'add_tracking_number' });
    expect(messagesOf(missing)).toEqual([`tracking_number: ${MESSAGES.required}`]);
    expect(orderItemUpdateSchema.safeParse({ action: 'remove_everything' }).success).toBe(false);
    expect(
      orderItemUpdateSchema.safeParse({ action: 'add_tracking_number', tracking_number: '' }).success,
    ).toBe(false);
    expect(orderItemUpdateSchema.parse({ serial_number: 'SN-1' })).toEqual({ serial_number: 'SN-1' });
    expect(orderItemUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('says which order to clone with the spec text', () => {
    expect(messagesOf(orderCloneSchema.safeParse({}))).toEqual([
      `original_order_id: ${MESSAGES.cloneOrderIdMissing}`,
    ]);
    expect(orderCloneSchema.parse({ original_order_id: 4 })).toEqual({ original_order_id: 4 });
    expect(draftFromSubscriptionSchema.safeParse({ subscription_id: 'x' }).success).toBe(false);
  });

  it('reads list filters from a URL', () => {
    expect(orderFiltersSchema.parse({ status: 'open', customer_id: '5', consumable: 'false' })).toEqual({
      status: 'open',
      customer_id: 5,
      consumable: false,
    });
    expect(orderFiltersSchema.safeParse({ created_from: '0000-01-01' }).success).toBe(false);
  });
});

describe('ORDER_TRANSITIONS', () => {
  const withItems = { items_count: 1 };

  it('answers every (status, action) pair with the target or a message', () => {
    const table = ORDER_STATUSES.map((s) =>
      ORDER_ACTIONS.map((a) => `${s} ${a}: ${refusal(ORDER_TRANSITIONS, a, s, withItems) ?? 'ok'}`),
    );
    expect(table.flat()).toEqual([
      'cancelled finalise: Could not finalise draft order.',
      'cancelled cancel: Only a draft or open order can be cancelled.',
      'cancelled fulfil: Only an open order can be fulfilled.',
      'cancelled reopen: Only a fulfilled order can be reopened.',
      'draft finalise: ok',
      'draft cancel: ok',
      'draft fulfil: Only an open order can be fulfilled.',
      'draft reopen: Only a fulfilled order can be reopened.',
      'fulfilled finalise: Could not finalise draft order.',
      'fulfilled cancel: Only a draft or open order can be cancelled.',
      'fulfilled fulfil: Only an open order can be fulfilled.',
      'fulfilled reopen: ok',
      'open finalise: Could not finalise draft order.',
      'open cancel: ok',
      'open fulfil: ok',
      'open reopen: Only a fulfilled order can be reopened.',
    ]);
  });

  it('refuses to finalise an empty draft', () => {
    expect(refusal(ORDER_TRANSITIONS, 'finalise', 'draft', { items_count: 0 })).toBe(
      MESSAGES.orderHasNoItems,
    );
    expect(allowedActions(ORDER_TRANSITIONS, 'draft', { items_count: 0 })).toEqual([
      { action: 'cancel', to: 'cancelled' },
    ]);
  });

  it('maps a status field to the action leading there', () => {
    expect(orderActionTo('open', 'fulfilled')).toBe('fulfil');
    expect(orderActionTo('fulfilled', 'open')).toBe('reopen');
    // Finalising numbers a quote: only swap-draft does it, never a status field.
    expect(orderActionTo('draft', 'open')).toBe('reopen');
    expect(orderActionTo('cancelled', 'open')).toBe('reopen');
    expect(orderActionTo('open', 'draft')).toBeNull();
    expect(orderActionTo('open', 'open')).toBeNull();
  });

  it('charges the initial payment only while payment is required', () => {
    expect(paymentStatusRefusal('payment_required')).toBeNull();
    for (const s of ['paid', 'payment_pending', 'trial'] as const)
      expect(paymentStatusRefusal(s)).toBe('Order does not require initial payment.');
  });
});

describe('shownPaymentStatus', () => {
  const order = (
    status: 'open' | 'cancelled' | 'draft' | 'fulfilled',
    payment_status: 'paid' | 'payment_required' | 'payment_pending',
    total = '59.38',
  ) => ({ status, payment_status, total });
  it('shows what billing keeps on the order', () => {
    expect(shownPaymentStatus(order('open', 'payment_required'))).toBe('payment_required');
    expect(shownPaymentStatus(order('open', 'payment_pending'))).toBe('payment_pending');
    expect(shownPaymentStatus(order('cancelled', 'paid'))).toBe('paid');
  });
  it('never asks for money an order does not owe: cancelled, a quote, or a zero total', () => {
    expect(shownPaymentStatus(order('cancelled', 'payment_required'))).toBeNull();
    expect(shownPaymentStatus(order('draft', 'payment_required'))).toBeNull();
    expect(shownPaymentStatus(order('open', 'payment_required', '0.00'))).toBeNull();
    expect(shownPaymentStatus(order('open', 'payment_required', '0'))).toBeNull();
  });
});
