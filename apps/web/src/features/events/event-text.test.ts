import { describe, expect, it } from 'vitest';
import { eventSummary, objectLabel, objectPath, prettyPayload } from './event-text.ts';

describe('how an event reads', () => {
  it('names its object and links to its screen where there is one', () => {
    expect(objectLabel({ object: 'user', object_id: 12 })).toBe('User #12');
    expect(objectLabel({ object: 'recurring_payment', object_id: 3 })).toBe('Recurring payment #3');
    expect(objectPath({ object: 'user', object_id: 12 })).toBe('/super/users/12');
    expect(objectPath({ object: 'customer', object_id: 4 })).toBe('/cms/customers/4');
    expect(objectPath({ object: 'order', object_id: 4 })).toBeNull();
  });

  it('sums a transition up as from → to, a creation by its name', () => {
    expect(eventSummary({ payload: { action: 'disable', from: 'active', to: 'disabled' } })).toBe(
      'active → disabled',
    );
    expect(eventSummary({ payload: { name: 'Ann', email: 'ann@example.com' } })).toBe('Ann');
    expect(eventSummary({ payload: {} })).toBe('');
  });

  it('pretty-prints the payload, keys sorted at every level', () => {
    expect(prettyPayload({ b: { d: [2, 1], c: 'x' }, a: 1 })).toBe(
      '{\n  "a": 1,\n  "b": {\n    "c": "x",\n    "d": [\n      2,\n      1\n    ]\n  }\n}',
    );
  });
});
