import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { SUBSCRIPTION_END_TEXTS, subscriptionEndSchema } from './subscription-end.ts';
import { parseSubscriptionImportRow } from './subscription-import-rows.ts';
import {
  buyoutOffer,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_TEXTS,
  SUBSCRIPTION_TRANSITIONS,
  subscriptionActionTo,
  subscriptionInputSchema,
  subscriptionsBulkUpdateSchema,
  subscriptionUpdateSchema,
} from './subscriptions.ts';
import { allowedActions, refusal } from './transitions.ts';

describe('SUBSCRIPTION_TRANSITIONS', () => {
  it('answers every (status, action) pair: allowed, or refused with a message', () => {
    for (const status of SUBSCRIPTION_STATUSES)
      for (const action of SUBSCRIPTION_ACTIONS) {
        const r = refusal(SUBSCRIPTION_TRANSITIONS, action, status, { status, reason: 'Customer moved' });
        expect(r === null || (typeof r === 'string' && r.length > 0)).toBe(true);
      }
    expect(new Set(SUBSCRIPTION_TRANSITIONS.map((t) => t.action))).toEqual(new Set(SUBSCRIPTION_ACTIONS));
  });

  it('refuses to reactivate an active subscription with the spec text', () => {
    expect(refusal(SUBSCRIPTION_TRANSITIONS, 'reactivate', 'active', { status: 'active' })).toBe(
      'Subscription already active.',
    );
  });

  it('reactivates an ended, cancelled or paused one, never a bought-out or lost one', () => {
    for (const status of ['ended', 'cancelled', 'paused', 'pending return'] as const)
      expect(refusal(SUBSCRIPTION_TRANSITIONS, 'reactivate', status, { status })).toBeNull();
    for (const status of ['bought out', 'manual bought out', 'lost/stolen'] as const)
      expect(refusal(SUBSCRIPTION_TRANSITIONS, 'reactivate', status, { status })).toBe(
        SUBSCRIPTION_TEXTS.notReactivatable,
      );
  });

  it('ends only with a reason, and lists end while the reason is not asked yet', () => {
    const active = { status: 'active' as const };
    expect(refusal(SUBSCRIPTION_TRANSITIONS, 'end', 'active', { ...active, reason: '  ' })).toBe(
      SUBSCRIPTION_TEXTS.reasonRequired,
    );
    expect(refusal(SUBSCRIPTION_TRANSITIONS, 'end', 'active', { ...active, reason: null })).toBe(
      SUBSCRIPTION_TEXTS.reasonRequired,
    );
    expect(refusal(SUBSCRIPTION_TRANSITIONS, 'end', 'active', { ...active, reason: 'Moved' })).toBeNull();
    expect(refusal(SUBSCRIPTION_TRANSITIONS, 'end', 'ended', { status: 'ended', reason: 'x' })).toBe(
      SUBSCRIPTION_TEXTS.notEndable,
    );
  });

  it('never reactivates an ended subscription that was bought out (process-buyout)', () => {
    expect(
      refusal(SUBSCRIPTION_TRANSITIONS, 'reactivate', 'ended', { status: 'ended', bought_out: true }),
    ).toBe(SUBSCRIPTION_TEXTS.notReactivatable);
  });

  it('reads like a spec: what may be done from each status', () => {
    const table = Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((status) => [
        status,
        allowedActions(SUBSCRIPTION_TRANSITIONS, status, { status })
          .map((a) => `${a.action}→${a.to}`)
          .join(', '),
      ]),
    );
    expect(table).toEqual({
      active:
        'pause→paused, request_cancellation→cancellation requested, cancel→cancelled, end→ended, request_return→pending return, report_lost→lost/stolen, request_buyout→pending buyout, bought_out→ended, manual_buyout→manual bought out, request_replacement→pending replacement',
      'bought out': '',
      'cancellation requested':
        'cancel→cancelled, end→ended, reactivate→active, request_return→pending return, report_lost→lost/stolen, request_buyout→pending buyout, bought_out→ended, manual_buyout→manual bought out',
      cancelled: 'end→ended, reactivate→active, request_return→pending return',
      ended: 'reactivate→active',
      'lost/stolen': '',
      'manual bought out': '',
      paused:
        'resume→active, request_cancellation→cancellation requested, cancel→cancelled, end→ended, reactivate→active, request_return→pending return, report_lost→lost/stolen, request_buyout→pending buyout, bought_out→ended, manual_buyout→manual bought out, request_replacement→pending replacement',
      'pending activation': 'activate→active, cancel→cancelled, end→ended, reactivate→active',
      'pending buyout':
        'end→ended, reactivate→active, report_lost→lost/stolen, bought_out→ended, manual_buyout→manual bought out',
      'pending replacement': 'end→ended, reactivate→active, report_lost→lost/stolen, replace→active',
      'pending return':
        'end→ended, reactivate→active, mark_returned→ended, report_lost→lost/stolen, manual_buyout→manual bought out',
    });
  });

  it('maps a bulk status to the action leading there', () => {
    expect(subscriptionActionTo('paused', 'active')).toBe('resume');
    expect(subscriptionActionTo('ended', 'active')).toBe('reactivate');
    expect(subscriptionActionTo('pending activation', 'active')).toBe('activate');
    expect(subscriptionActionTo('active', 'ended')).toBe('end');
    expect(subscriptionActionTo('active', 'active')).toBeNull();
    expect(subscriptionActionTo('active', 'pending activation')).toBeNull();
  });
});

describe('buyoutOffer', () => {
  it('is the buyout price less what was paid, never below zero', () => {
    expect(buyoutOffer({ buyout_price: 50000n, paid_so_far: 12000n })).toBe(38000n);
    expect(buyoutOffer({ buyout_price: 50000n, paid_so_far: 60000n })).toBe(0n);
  });
});

describe('subscription inputs', () => {
  it('creates with defaults and decimal strings', () => {
    const v = subscriptionInputSchema.parse({
      order_id: 1,
      variant_id: 2,
      frequency: 'monthly',
      price: 29.9,
      tax_percent: '14.975',
      start_date: '2026-01-31',
    });
    expect(v).toMatchObject({
      price: '29.9',
      interval: 1,
      quantity: 1,
      price_mode: 'changeable',
      auto_renew: true,
    });
  });

  it('updates by action: reactivate, auto_renew, or fields', () => {
    expect(subscriptionUpdateSchema.parse({ action: 'reactivate' })).toEqual({ action: 'reactivate' });
    expect(subscriptionUpdateSchema.parse({ action: 'auto_renew', auto_renew: false })).toEqual({
      action: 'auto_renew',
      auto_renew: false,
    });
    expect(subscriptionUpdateSchema.safeParse({ action: 'auto_renew' }).success).toBe(false);
    expect(subscriptionUpdateSchema.parse({ action: 'update', price_mode: 'fixed' })).toEqual({
      action: 'update',
      price_mode: 'fixed',
    });
    expect(subscriptionUpdateSchema.safeParse({ action: 'update' }).success).toBe(false);
    expect(subscriptionUpdateSchema.parse({ quantity: 2 })).toEqual({ quantity: 2 });
    expect(subscriptionUpdateSchema.safeParse({}).success).toBe(false);
    expect(subscriptionUpdateSchema.safeParse({ action: 'pause' }).success).toBe(false);
  });

  it('needs a reason to end, in one call or in bulk', () => {
    expect(subscriptionEndSchema.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe(
      SUBSCRIPTION_TEXTS.reasonRequired,
    );
    expect(subscriptionEndSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(subscriptionEndSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    // The spec's payload alone: ended now, filed under `other`; a code alone needs no text.
    expect(subscriptionEndSchema.parse({ reason: 'Moved abroad' })).toEqual({
      reason: 'Moved abroad',
      reason_code: 'other',
      when: 'now',
    });
    expect(subscriptionEndSchema.parse({ reason_code: 'moved', when: 'end_of_term' })).toEqual({
      reason: null,
      reason_code: 'moved',
      when: 'end_of_term',
    });
    const other = subscriptionEndSchema.safeParse({ reason_code: 'other' }).error?.issues[0];
    expect([other?.path, other?.message]).toEqual([['reason'], SUBSCRIPTION_END_TEXTS.otherNeedsText]);
    expect(
      subscriptionEndSchema.safeParse({ reason: 'x', reason_code: 'bored' }).error?.issues[0]?.path,
    ).toEqual(['reason_code']);
    expect(subscriptionEndSchema.safeParse({ reason: 'x', when: 'later' }).error?.issues[0]?.path).toEqual([
      'when',
    ]);
    expect(subscriptionsBulkUpdateSchema.safeParse({ ids: [1], status: 'ended' }).success).toBe(false);
    expect(
      subscriptionsBulkUpdateSchema.parse({ ids: [1, 1, 2], status: 'ended', reason: 'Moved' }).ids,
    ).toEqual([1, 2]);
    expect(subscriptionsBulkUpdateSchema.safeParse({ ids: [1] }).success).toBe(false);
  });
});

describe('parseSubscriptionImportRow', () => {
  const row = {
    customer_email: ' Anna@Example.com ',
    sku: 'BIKE-1',
    quantity: '2',
    price: '29.90',
    tax_percent: '14.975',
    frequency: 'Monthly',
    interval: '',
    start_date: '2026-01-31',
    minimum_term_months: '12',
    auto_renew: 'no',
    status: '',
  };

  it('converts a good row with defaults', () => {
    expect(parseSubscriptionImportRow(row, 2)).toEqual({
      ok: true,
      value: {
        customer_email: 'anna@example.com',
        sku: 'BIKE-1',
        quantity: 2,
        price: '29.90',
        tax_percent: '14.975',
        frequency: 'monthly',
        interval: 1,
        start_date: '2026-01-31',
        minimum_term_months: 12,
        auto_renew: false,
        status: 'active',
      },
    });
  });

  it('reports every problem of a row with its row and column', () => {
    const r = parseSubscriptionImportRow(
      {
        ...row,
        customer_email: '',
        quantity: '1.5',
        price: 'abc',
        frequency: 'hourly',
        start_date: '2026-02-30',
        auto_renew: 'maybe',
      },
      7,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { row: 7, column: 'customer_email', message: MESSAGES.required },
      { row: 7, column: 'quantity', message: MESSAGES.onlyNumbers },
      { row: 7, column: 'price', message: MESSAGES.amountInvalid },
      { row: 7, column: 'frequency', message: 'Must be one of: daily, weekly, monthly, yearly.' },
      { row: 7, column: 'start_date', message: 'Must be a date like 2026-01-31.' },
      { row: 7, column: 'auto_renew', message: 'Must be true or false (yes/no, 1/0).' },
    ]);
  });

  it('requires the required columns', () => {
    const r = parseSubscriptionImportRow({}, 3);
    expect(r.ok ? [] : r.errors.map((e) => `${e.column}: ${e.message}`)).toEqual([
      `customer_email: ${MESSAGES.required}`,
      `sku: ${MESSAGES.required}`,
      `price: ${MESSAGES.required}`,
      `tax_percent: ${MESSAGES.required}`,
      `frequency: ${MESSAGES.required}`,
      `start_date: ${MESSAGES.required}`,
    ]);
  });

  it('refuses a status a new subscription cannot start in, naming the ones it can', () => {
    const r = parseSubscriptionImportRow({ ...row, status: 'Ended' }, 4);
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          row: 4,
          column: 'status',
          message:
            'A subscription cannot be imported as "ended": import it as active, paused, pending activation, cancellation requested.',
        },
      ],
    });
    const paused = parseSubscriptionImportRow({ ...row, status: 'paused' }, 5);
    expect(paused.ok && paused.value.status).toBe('paused');
  });
});
