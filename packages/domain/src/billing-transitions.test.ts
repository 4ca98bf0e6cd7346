import { describe, expect, it } from 'vitest';
import { INVOICE_SETTLEMENTS } from './enums.ts';
import { INVOICE_PAYMENT_ACTIONS, INVOICE_PAYMENT_TRANSITIONS } from './invoices.ts';
import { MESSAGES } from './messages.ts';
import {
  OPEN_TRANSACTION_STATES,
  SETTLEMENT_OF_STATE,
  statesOfSettlement,
  TRANSACTION_ACTIONS,
  TRANSACTION_STATES,
  TRANSACTION_TRANSITIONS,
} from './payments.ts';
import {
  RECURRING_PAYMENT_ACTIONS,
  RECURRING_PAYMENT_STATUSES,
  RECURRING_PAYMENT_TRANSITIONS,
  recurringPaymentsChargeSchema,
} from './recurring-payments.ts';
import { allowedActions, refusal } from './transitions.ts';

describe('TRANSACTION_TRANSITIONS (BILLING.md "Transactions are attempts")', () => {
  it('has one row per action', () => {
    expect(TRANSACTION_TRANSITIONS.map((t) => t.action)).toEqual([...TRANSACTION_ACTIONS]);
  });

  it('closes a processing attempt by a live answer: succeeded, pending, failed or unknown', () => {
    expect(allowedActions(TRANSACTION_TRANSITIONS, 'processing', undefined)).toEqual([
      { action: 'succeed', to: 'succeeded' },
      { action: 'await', to: 'pending' },
      { action: 'fail', to: 'failed' },
      { action: 'lose', to: 'unknown' },
    ]);
  });

  it('resolves an unknown attempt by reconciliation only', () => {
    expect(allowedActions(TRANSACTION_TRANSITIONS, 'unknown', undefined).map((a) => a.action)).toEqual([
      'resolve_succeeded',
      'resolve_pending',
      'resolve_failed',
    ]);
    expect(refusal(TRANSACTION_TRANSITIONS, 'succeed', 'unknown', undefined)).not.toBeNull();
  });

  it('never leaves failed; leaves succeeded only when the money is returned (a returned direct debit)', () => {
    expect(allowedActions(TRANSACTION_TRANSITIONS, 'failed', undefined)).toEqual([]);
    expect(allowedActions(TRANSACTION_TRANSITIONS, 'succeeded', undefined)).toEqual([
      { action: 'return', to: 'failed' },
    ]);
  });

  it('derives a settlement for every state, and every state is found from its settlement', () => {
    for (const s of TRANSACTION_STATES) expect(statesOfSettlement(SETTLEMENT_OF_STATE[s])).toContain(s);
    expect(statesOfSettlement('settled')).toEqual(['succeeded']);
    expect(OPEN_TRANSACTION_STATES).not.toContain('pending');
  });
});

describe('INVOICE_PAYMENT_TRANSITIONS (spec 01 §4 "Invoice payment status")', () => {
  const idle = { issued: true, open_attempts: 0 };

  it('answers every (status, action) pair', () => {
    for (const s of INVOICE_SETTLEMENTS)
      for (const a of INVOICE_PAYMENT_ACTIONS) {
        const r = refusal(INVOICE_PAYMENT_TRANSITIONS, a, s, idle);
        expect(r === null || r.length > 0).toBe(true);
      }
  });

  it('charges an unsettled or failed invoice; the answer settles or fails it', () => {
    expect(allowedActions(INVOICE_PAYMENT_TRANSITIONS, 'not settled', idle)).toEqual([
      { action: 'charge', to: 'pending payment' },
      { action: 'settle', to: 'settled' },
    ]);
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'charge', 'failed', idle)).toBeNull();
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'pay', 'pending payment', idle)).toBeNull();
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'fail', 'pending payment', idle)).toBeNull();
  });

  it('refuses money actions while an attempt is open, on a draft, and on a settled invoice', () => {
    const busy = { issued: true, open_attempts: 1 };
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'charge', 'failed', busy)).toBe(
      MESSAGES.invoicePaymentInProgress,
    );
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'settle', 'pending payment', busy)).toBe(
      MESSAGES.invoicePaymentInProgress,
    );
    expect(
      refusal(INVOICE_PAYMENT_TRANSITIONS, 'charge', 'not settled', { issued: false, open_attempts: 0 }),
    ).toBe(MESSAGES.invoiceNotIssued);
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'settle', 'settled', idle)).toBe(
      MESSAGES.invoiceNotSettleable,
    );
    expect(refusal(INVOICE_PAYMENT_TRANSITIONS, 'charge', 'pending payment', idle)).toBe(
      MESSAGES.invoiceNotChargeable,
    );
    // Only the bank's return of its money takes a settled invoice back (to failed: unpaid again).
    expect(allowedActions(INVOICE_PAYMENT_TRANSITIONS, 'settled', idle)).toEqual([
      { action: 'return', to: 'failed' },
    ]);
  });
});

describe('RECURRING_PAYMENT_TRANSITIONS', () => {
  it('answers every (status, action) pair', () => {
    for (const s of RECURRING_PAYMENT_STATUSES)
      for (const a of RECURRING_PAYMENT_ACTIONS) {
        const r = refusal(RECURRING_PAYMENT_TRANSITIONS, a, s, { due: true });
        expect(r === null || r.length > 0).toBe(true);
      }
  });

  it('charges a due scheduled, failed or parked payment, never one not yet due', () => {
    for (const s of ['scheduled', 'failed', 'parked'] as const) {
      expect(refusal(RECURRING_PAYMENT_TRANSITIONS, 'charge', s, { due: true })).toBeNull();
      expect(refusal(RECURRING_PAYMENT_TRANSITIONS, 'charge', s, { due: false })).toBe(
        MESSAGES.recurringPaymentNotDue,
      );
    }
    for (const s of ['charging', 'pending', 'paid', 'cancelled'] as const)
      expect(refusal(RECURRING_PAYMENT_TRANSITIONS, 'charge', s, { due: true })).toBe(
        MESSAGES.recurringPaymentNotChargeable,
      );
  });

  it('a paid payment is final unless its money is returned (failed again, for dunning)', () => {
    expect(allowedActions(RECURRING_PAYMENT_TRANSITIONS, 'paid', { due: true })).toEqual([
      { action: 'return', to: 'failed' },
    ]);
  });

  it('takes at most 10 ids a call (spec 01 §9), duplicates folded', () => {
    expect(recurringPaymentsChargeSchema.parse({ ids: [1, 1, 2] })).toEqual({ ids: [1, 2] });
    const r = recurringPaymentsChargeSchema.safeParse({ ids: Array.from({ length: 11 }, (_, i) => i + 1) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MESSAGES.recurringPaymentsChargeLimit(10));
  });
});
