import { describe, expect, it } from 'vitest';
import { type DunningLike, dunningText } from './dunning-format.ts';

const running = (step: number, next: string | null): DunningLike => ({
  status: 'active',
  step,
  max_steps: 3,
  next_attempt_on: next,
  end_action: null,
});

describe('dunningText', () => {
  it('says the step and the next attempt of a running dunning', () => {
    expect(dunningText(running(2, '2026-12-12'))).toBe('Step 2 of 3, next attempt on 12th Dec 2026');
    expect(dunningText(running(1, null))).toBe('Step 1 of 3');
  });

  it('says how it ended', () => {
    const ended = (end_action: DunningLike['end_action']): DunningLike => ({
      ...running(3, null),
      status: 'ended',
      end_action,
    });
    expect(dunningText(ended('cancel_subscription'))).toBe('Ended: subscription cancelled');
    expect(dunningText(ended('debt_collection'))).toBe('Ended: handed to debt collection');
    expect(dunningText(ended('nothing'))).toBe('Ended: left to staff');
    expect(dunningText(ended('payment_method_declined'))).toBe('Ended: payment method declined, not retried');
    expect(dunningText({ ...running(2, null), status: 'recovered', end_action: 'recovered' })).toBe(
      'Recovered',
    );
  });

  it('is empty outside dunning', () => {
    expect(dunningText(null)).toBe('');
    expect(dunningText(undefined)).toBe('');
  });
});
