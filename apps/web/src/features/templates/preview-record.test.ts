import { describe, expect, it } from 'vitest';
import { RECORD_LISTS, recordLabel } from './preview-record.ts';

describe('recordLabel', () => {
  it('names each type of record by what tells it apart, then whose it is', () => {
    expect(recordLabel('customer', { id: 1, name: 'Jane Doe', email: 'jane@x.test' })).toBe(
      'Jane Doe · jane@x.test',
    );
    expect(recordLabel('order', { id: 4, number: 'ORD-1042', customer_name: 'Jane' })).toBe(
      'ORD-1042 · Jane',
    );
    expect(recordLabel('quote', { id: 7, number: null, customer_name: 'Jane' })).toBe('Q-7 · Jane');
    expect(recordLabel('invoice', { id: 9, number: null, customer_name: null })).toBe('Draft #9');
    expect(
      recordLabel('subscription', { id: 3, number: 'ORD-1-1', product_name: 'Bike', customer_name: 'Jane' }),
    ).toBe('ORD-1-1 · Bike · Jane');
  });
  it('searches quotes among the draft orders', () => {
    expect(RECORD_LISTS.quote).toBe('draft-orders');
  });
});
