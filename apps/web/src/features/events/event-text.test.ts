import { describe, expect, it } from 'vitest';
import { eventSummary, objectLabel, objectPath, prettyPayload } from './event-text.ts';

describe('how an event reads', () => {
  it('names its object and links to its screen where there is one', () => {
    expect(objectLabel({ object: 'user', object_id: 12 })).toBe('User #12');
    expect(objectLabel({ object: 'recurring_payment', object_id: 3 })).toBe('Recurring payment #3');
    expect(objectPath({ object: 'user', object_id: 12 })).toBe('/super/users/12');
    expect(objectPath({ object: 'customer', object_id: 4 })).toBe('/cms/customers/4');
    expect(objectPath({ object: 'order', object_id: 4 })).toBe('/cms/orders/4');
    expect(objectPath({ object: 'subscription', object_id: 5 })).toBe('/cms/subscriptions/5');
    expect(objectPath({ object: 'voucher', object_id: 4 })).toBeNull();
  });

  it('sums a transition up as from → to, a creation by its name', () => {
    expect(eventSummary({ payload: { action: 'disable', from: 'active', to: 'disabled' } })).toBe(
      'active → disabled',
    );
    expect(eventSummary({ payload: { name: 'Ann', email: 'ann@example.com' } })).toBe('Ann');
    expect(eventSummary({ payload: {} })).toBe('');
    // Orders and subscriptions: a transition with its reason, a number, a tag.
    expect(eventSummary({ payload: { from: 'active', to: 'ended', reason: 'Moved abroad' } })).toBe(
      'active → ended (Moved abroad)',
    );
    expect(eventSummary({ payload: { number: 'ORD-7', total: '12.00' } })).toBe('ORD-7');
    expect(eventSummary({ payload: { order_id: 3, order_number: 'ORD-3' } })).toBe('ORD-3');
    expect(eventSummary({ payload: { tag: 'delivery', tag_date: '2026-01-02' } })).toBe('Tag: delivery');
    expect(eventSummary({ payload: { tag: null, tag_date: null } })).toBe('Tag removed');
  });

  it('pretty-prints the payload, keys sorted at every level', () => {
    expect(prettyPayload({ b: { d: [2, 1], c: 'x' }, a: 1 })).toBe(
      '{\n  "a": 1,\n  "b": {\n    "c": "x",\n    "d": [\n      2,\n      1\n    ]\n  }\n}',
    );
  });
});
