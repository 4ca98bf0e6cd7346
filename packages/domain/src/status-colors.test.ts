import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PAYMENT_STATES,
  ASSET_STATUSES,
  INVOICE_SETTLEMENTS,
  ORDER_STATUSES,
  ORDER_SUB_STATUSES,
  PROVIDER_TRANSACTION_STATUSES,
  SUBSCRIPTION_STATUSES,
} from './enums.ts';
import { type StatusColor, statusColor } from './status-colors.ts';

describe('statusColor', () => {
  it.each([
    ['settled', 'success'],
    ['rented out', 'success'],
    ['Fulfilled', 'success'],
    ['complete', 'success'],
    ['success', 'success'],
    ['pending activation', 'warning'],
    ['pending_payment', 'warning'],
    ['cancellation requested', 'warning'],
    ['in progress', 'warning'],
    ['draft', 'warning'],
    ['stolen', 'error'],
    ['failed', 'error'],
    ['rejected', 'error'],
    ['expired', 'error'],
    ['declined', 'error'],
    ['in stock', 'default'],
    ['inactive', 'default'],
    ['unpaid', 'default'],
    ['', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ])('%s is %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  /** Every value of every status enumeration, with its colour: a change to either shows here. */
  const EXPECTED: Record<string, StatusColor> = {
    // account payment states
    paid: 'success',
    payment_pending: 'warning',
    payment_required: 'default',
    trial: 'default',
    // subscription statuses
    active: 'success',
    'bought out': 'default',
    'cancellation requested': 'warning',
    cancelled: 'error',
    ended: 'default',
    'lost/stolen': 'error',
    'manual bought out': 'default',
    paused: 'warning',
    'pending activation': 'warning',
    'pending buyout': 'warning',
    'pending replacement': 'warning',
    'pending return': 'warning',
    // asset statuses
    broken: 'error',
    'in stock': 'default',
    removed: 'default',
    'rented out': 'success',
    stolen: 'error',
    'to repair': 'default',
    // invoice settlements
    failed: 'error',
    'not settled': 'default',
    'pending payment': 'warning',
    settled: 'success',
    // provider transaction statuses
    authorization_expired: 'error',
    authorized: 'default',
    authorized_order: 'default',
    chargeback: 'default',
    failed_refund: 'error',
    full_refund: 'default',
    gateway_rejected: 'error',
    partial_refund: 'default',
    pending: 'warning',
    processor_declined: 'error',
    received_partial_refund: 'default',
    refund: 'default',
    refunded: 'default',
    submitted_for_settlement: 'default',
    succeeded: 'success',
    // order statuses
    draft: 'warning',
    fulfilled: 'success',
    open: 'warning',
    // order sub-statuses
    delivered: 'default',
    delivery: 'default',
    'dunning-cancelled': 'error',
    'in clarification': 'default',
    'in dunning': 'default',
    lost: 'error',
    'ordered at supplier': 'default',
    'picked up': 'default',
    'pick up': 'default',
    replaced: 'default',
    replacement: 'default',
    'test order': 'default',
  };

  it('colours every value of every status enumeration as listed', () => {
    const all = new Set<string>([
      ...ACCOUNT_PAYMENT_STATES,
      ...SUBSCRIPTION_STATUSES,
      ...ASSET_STATUSES,
      ...INVOICE_SETTLEMENTS,
      ...PROVIDER_TRANSACTION_STATUSES,
      ...ORDER_STATUSES,
      ...ORDER_SUB_STATUSES,
    ]);
    expect([...all].sort()).toEqual(Object.keys(EXPECTED).sort());
    const actual = Object.fromEntries([...all].map((s) => [s, statusColor(s)]));
    expect(actual).toEqual(EXPECTED);
  });
});
