import { PROVIDER_TRANSACTION_STATUSES } from '@rentloop/domain/enums';
import { DECLINE_REASONS, TRANSACTION_STATES } from '@rentloop/domain/payments';
import { describe, expect, it } from 'vitest';
import {
  DECLINE_REASON_OPTIONS,
  declineSummary,
  PROVIDER_STATUS_OPTIONS,
  rawAnswerText,
  STATE_HELP,
  transactionTitle,
} from './transaction-format.ts';

describe('filter options', () => {
  it('offer exactly the domain values', () => {
    expect(PROVIDER_STATUS_OPTIONS.map((o) => o.value).sort()).toEqual(
      [...PROVIDER_TRANSACTION_STATUSES].sort(),
    );
    expect(DECLINE_REASON_OPTIONS.map((o) => o.value).sort()).toEqual([...DECLINE_REASONS].sort());
    expect(PROVIDER_STATUS_OPTIONS.find((o) => o.value === 'processor_declined')?.label).toBe(
      'Processor declined',
    );
  });

  it('explain every attempt state', () => {
    expect(Object.keys(STATE_HELP).sort()).toEqual([...TRANSACTION_STATES].sort());
  });
});

describe('declineSummary', () => {
  it('names the reason with the class and the code', () => {
    expect(
      declineSummary({
        decline_reason: 'credit card denied',
        decline_class: 'soft',
        decline_code: 'insufficient_funds',
      }),
    ).toBe('Credit card denied (soft, insufficient_funds)');
  });

  it('shows what it has, and nothing for an attempt that was not declined', () => {
    expect(
      declineSummary({ decline_reason: 'server timeout', decline_class: null, decline_code: null }),
    ).toBe('Server timeout');
    expect(declineSummary({ decline_reason: null, decline_class: 'hard', decline_code: 'stolen_card' })).toBe(
      'Declined (hard, stolen_card)',
    );
    expect(declineSummary({ decline_reason: null, decline_class: null, decline_code: null })).toBe('');
  });
});

describe('rawAnswerText', () => {
  it('pretty-prints JSON, keeps a text body, and has nothing for no answer', () => {
    expect(rawAnswerText({ id: 'pi_1', status: 'succeeded', charges: [1] })).toBe(
      '{\n  "id": "pi_1",\n  "status": "succeeded",\n  "charges": [\n    1\n  ]\n}',
    );
    expect(rawAnswerText('<html>502 Bad Gateway</html>')).toBe('<html>502 Bad Gateway</html>');
    expect(rawAnswerText(null)).toBeNull();
    expect(rawAnswerText(undefined)).toBeNull();
    expect(rawAnswerText(false)).toBe('false');
  });
});

describe('transactionTitle', () => {
  it('calls a charge a payment and a refund a refund', () => {
    expect(transactionTitle({ id: 12, kind: 'charge' })).toBe('Payment #12');
    expect(transactionTitle({ id: 13, kind: 'refund' })).toBe('Refund #13');
  });
});
