/**
 * How a provider's refusal becomes a `Decline` (BILLING.md "Declines are classified"). The class decides
 * what the engine does next, so it is chosen by who can fix the cause:
 * - hard: only the customer can (the card is stolen, lost, closed, expired, or needs the customer present):
 *   no automatic retry, the "update your payment method" mail, a new method triggers an attempt.
 * - soft: the same method may pass later (no funds today, the issuer said no without a reason): retried on
 *   the dunning schedule.
 * - technical: nobody on the customer's side is involved (the processor failed, our key is wrong): backoff
 *   and reconciliation, never a customer mail.
 * The tables are written from Stripe's decline code reference, Mollie's card failure reasons and SEPA
 * return codes, and the card networks' merchant advice codes; a code not in a table is soft (a retry on the
 * schedule costs little, a wrongly hard decline loses a customer).
 */
import type { Decline, DeclineClass, DeclineReason } from './types.ts';

type Rule = readonly [DeclineClass, DeclineReason];

const HARD_CARD: Rule = ['hard', 'credit card denied'];
const SOFT_CARD: Rule = ['soft', 'credit card denied'];
const PROCESSOR: Rule = ['technical', 'server timeout'];
const REJECTED: Rule = ['hard', 'gateway rejected'];

/** Stripe's `decline_code`, or its error `code` when a card error has no decline code. */
export const STRIPE_DECLINES: Readonly<Record<string, Rule>> = {
  // The card cannot be charged again: fraud, loss, theft, closure, or the issuer says never retry.
  stolen_card: HARD_CARD,
  lost_card: HARD_CARD,
  pickup_card: HARD_CARD,
  fraudulent: HARD_CARD,
  restricted_card: HARD_CARD,
  security_violation: HARD_CARD,
  expired_card: HARD_CARD,
  incorrect_number: HARD_CARD,
  invalid_number: HARD_CARD,
  invalid_account: HARD_CARD,
  invalid_expiry_month: HARD_CARD,
  invalid_expiry_year: HARD_CARD,
  incorrect_cvc: HARD_CARD,
  invalid_cvc: HARD_CARD,
  incorrect_zip: HARD_CARD,
  new_account_information_available: HARD_CARD,
  card_not_supported: HARD_CARD,
  currency_not_supported: HARD_CARD,
  do_not_try_again: HARD_CARD,
  revocation_of_all_authorizations: HARD_CARD,
  revocation_of_authorization: HARD_CARD,
  stop_payment_order: HARD_CARD,
  transaction_not_allowed: HARD_CARD,
  not_permitted: HARD_CARD,
  service_not_allowed: HARD_CARD,
  // Off-session nobody can complete 3-D Secure or enter a PIN: the customer has to come back.
  authentication_required: HARD_CARD,
  offline_pin_required: HARD_CARD,
  online_or_offline_pin_required: HARD_CARD,
  // Refused by Stripe (Radar, test cards in live mode), not by the issuer.
  merchant_blacklist: REJECTED,
  testmode_decline: REJECTED,
  live_mode_test_card: REJECTED,
  // The same card may pass later: the dunning schedule retries.
  insufficient_funds: SOFT_CARD,
  card_velocity_exceeded: SOFT_CARD,
  withdrawal_count_limit_exceeded: SOFT_CARD,
  do_not_honor: SOFT_CARD,
  generic_decline: SOFT_CARD,
  card_declined: SOFT_CARD,
  call_issuer: SOFT_CARD,
  approve_with_id: SOFT_CARD,
  no_action_taken: SOFT_CARD,
  // The chain between Stripe and the issuer failed: retry without bothering the customer.
  processing_error: PROCESSOR,
  issuer_not_available: PROCESSOR,
  try_again_later: PROCESSOR,
  reenter_transaction: PROCESSOR,
  duplicate_transaction: ['technical', 'other reason'],
};

/**
 * Advice that overrides the decline code: Stripe's `advice_code` and the networks' merchant advice codes
 * (Mastercard MAC 01 new account information, 03/21 never retry, 02 and 24-30 retry later; Visa's
 * category 1 "issuer will never approve" arrives as Stripe's `do_not_try_again`).
 */
const ADVICE: Readonly<Record<string, DeclineClass>> = {
  do_not_try_again: 'hard',
  confirm_card_data: 'hard',
  try_again_later: 'soft',
  '01': 'hard',
  '03': 'hard',
  '21': 'hard',
  '02': 'soft',
  '24': 'soft',
  '25': 'soft',
  '26': 'soft',
  '27': 'soft',
  '28': 'soft',
  '29': 'soft',
  '30': 'soft',
};

export function classifyStripeCardDecline(e: {
  code: string | null | undefined;
  declineCode: string | null | undefined;
  adviceCode: string | null | undefined;
  message: string | null | undefined;
}): Decline {
  const code = e.declineCode || e.code || 'card_declined';
  const [klass, reason] = STRIPE_DECLINES[code] ?? STRIPE_DECLINES[e.code ?? ''] ?? SOFT_CARD;
  const advised = e.adviceCode ? ADVICE[e.adviceCode] : undefined;
  // Advice only ever makes a card decline harder or softer, never a processor failure a customer's.
  const finalClass = advised && klass !== 'technical' ? advised : klass;
  return {
    code,
    adviceCode: e.adviceCode ?? null,
    message: e.message || 'The card was declined.',
    class: finalClass,
    reason,
  };
}

/** Mollie's `details.failureReason` of a card payment. */
export const MOLLIE_FAILURE_REASONS: Readonly<Record<string, Rule>> = {
  possible_fraud: HARD_CARD,
  card_expired: HARD_CARD,
  inactive_card: HARD_CARD,
  invalid_card_number: HARD_CARD,
  invalid_card_type: HARD_CARD,
  invalid_card_holder_name: HARD_CARD,
  invalid_cvv: HARD_CARD,
  authentication_abandoned: HARD_CARD,
  authentication_failed: HARD_CARD,
  authentication_required: HARD_CARD,
  authentication_unavailable_acs: PROCESSOR,
  insufficient_funds: SOFT_CARD,
  card_declined: SOFT_CARD,
  refused_by_issuer: SOFT_CARD,
  unknown_reason: ['soft', 'other reason'],
};

/** SEPA return reasons (`details.bankReasonCode` of a failed direct debit). */
export const SEPA_RETURN_CODES: Readonly<Record<string, Rule>> = {
  AC01: HARD_CARD, // account identifier incorrect
  AC04: HARD_CARD, // account closed
  AC06: HARD_CARD, // account blocked
  AG01: HARD_CARD, // direct debit forbidden on this account
  MD01: HARD_CARD, // no valid mandate
  MD07: HARD_CARD, // debtor deceased
  MS02: HARD_CARD, // refused by the debtor
  // The debtor asked the bank for the money back (within 8 weeks): debiting again would only repeat it.
  MD06: ['hard', 'other reason'],
  SL01: HARD_CARD, // a service of the debtor's bank blocks the creditor
  AM04: SOFT_CARD, // insufficient funds
  MS03: ['soft', 'other reason'], // no reason given
};

export function classifyMollieFailure(e: {
  failureReason?: string | null;
  bankReasonCode?: string | null;
  message?: string | null;
}): Decline {
  const code = e.failureReason || e.bankReasonCode || 'unknown_reason';
  const [klass, reason] =
    (e.failureReason ? MOLLIE_FAILURE_REASONS[e.failureReason] : undefined) ??
    (e.bankReasonCode ? SEPA_RETURN_CODES[e.bankReasonCode] : undefined) ??
    (['soft', 'other reason'] as const);
  return {
    code,
    adviceCode: e.bankReasonCode ?? null,
    message: e.message || 'The payment failed.',
    class: klass,
    reason,
  };
}

/**
 * A SEPA direct debit returned by the debtor's bank with its reason code: Mollie's failed debit above,
 * and a debit collected outside Rentloop that staff record as returned (payments/debit-returns.ts).
 */
export const classifySepaReturn = (code: string, message: string): Decline =>
  classifyMollieFailure({ bankReasonCode: code, message });

/** A refusal that is the request's fault or ours, not the customer's card (a 4xx from the API). */
export function rejectedDecline(code: string, message: string, klass: DeclineClass = 'hard'): Decline {
  return { code, adviceCode: null, message, class: klass, reason: 'gateway rejected' };
}

/** A payment canceled (by the merchant, the customer or the provider) before it was paid: try again later. */
export const canceledDecline = (code: string, message: string): Decline => ({
  code,
  adviceCode: null,
  message,
  class: 'soft',
  reason: 'other reason',
});
