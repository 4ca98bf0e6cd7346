import { DEBIT_RETURN_REASONS } from '@rentloop/domain/debit-returns';
import { describe, expect, it } from 'vitest';
import {
  classifyMollieFailure,
  classifySepaReturn,
  classifyStripeCardDecline,
  SEPA_RETURN_CODES,
} from './declines.ts';

const stripe = (declineCode: string | null, adviceCode: string | null = null, code = 'card_declined') =>
  classifyStripeCardDecline({ code, declineCode, adviceCode, message: null });

describe('decline classification', () => {
  it('classes Stripe declines by who can fix them', () => {
    expect(stripe('stolen_card')).toMatchObject({ class: 'hard', reason: 'credit card denied' });
    expect(stripe('pickup_card').class).toBe('hard');
    expect(stripe('insufficient_funds')).toMatchObject({ class: 'soft', reason: 'credit card denied' });
    expect(stripe('issuer_not_available')).toMatchObject({ class: 'technical', reason: 'server timeout' });
    expect(stripe('merchant_blacklist')).toMatchObject({ class: 'hard', reason: 'gateway rejected' });
    // No decline code: the error code decides; a code nobody listed is soft (a retry costs little).
    expect(stripe(null, null, 'expired_card')).toMatchObject({ code: 'expired_card', class: 'hard' });
    expect(stripe('some_future_code')).toMatchObject({
      code: 'some_future_code',
      class: 'soft',
      reason: 'credit card denied',
    });
    expect(stripe(null).message).toBe('The card was declined.');
  });

  it('lets the issuer advice harden or soften a card decline, never a processor failure', () => {
    expect(stripe('do_not_honor')).toMatchObject({ class: 'soft', adviceCode: null });
    expect(stripe('do_not_honor', 'do_not_try_again')).toMatchObject({
      class: 'hard',
      adviceCode: 'do_not_try_again',
    });
    expect(stripe('generic_decline', '03').class).toBe('hard'); // Mastercard MAC 03: never retry
    expect(stripe('generic_decline', '21').class).toBe('hard'); // MAC 21: the recurring payment was cancelled
    expect(stripe('lost_card', 'try_again_later').class).toBe('soft');
    expect(stripe('processing_error', 'do_not_try_again').class).toBe('technical');
  });

  it('classes Mollie card failure reasons and SEPA return codes', () => {
    expect(classifyMollieFailure({ failureReason: 'possible_fraud' })).toMatchObject({
      class: 'hard',
      reason: 'credit card denied',
    });
    expect(classifyMollieFailure({ failureReason: 'insufficient_funds' }).class).toBe('soft');
    expect(classifyMollieFailure({ bankReasonCode: 'AC04' })).toMatchObject({
      code: 'AC04',
      adviceCode: 'AC04',
      class: 'hard',
    });
    expect(classifyMollieFailure({ bankReasonCode: 'AM04' }).class).toBe('soft');
    expect(classifyMollieFailure({})).toMatchObject({
      code: 'unknown_reason',
      class: 'soft',
      reason: 'other reason',
    });
  });

  it('classes every return reason staff can record as the SEPA table does, and says so on the dialog', () => {
    for (const [code, reason] of Object.entries(DEBIT_RETURN_REASONS)) {
      expect(SEPA_RETURN_CODES[code], code).toBeDefined();
      expect(classifySepaReturn(code, reason.text), code).toMatchObject({ code, class: reason.class });
    }
    expect(classifySepaReturn('AM04', 'x').class).toBe('soft');
    expect(classifySepaReturn('MD06', 'x')).toMatchObject({ class: 'hard', reason: 'other reason' });
  });
});
