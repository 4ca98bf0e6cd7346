import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './money.ts';
import { amountField, readAmount } from './money-input.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('formatAmount', () => {
  it('shows an API decimal in its currency, with the currency decimals', () => {
    expect(formatAmount('1299.00', 'CAD')).toBe('CA$1,299.00');
    expect(formatAmount('1299.00', 'EUR')).toBe('€1,299.00');
    expect(formatAmount('0.10', 'USD')).toBe('$0.10');
    expect(formatAmount('12.5', 'EUR')).toBe('€12.50');
    expect(formatAmount('1500', 'JPY')).toBe('¥1,500');
    expect(formatAmount('1.234', 'KWD')).toBe('KWD\u00a01.234');
  });

  it('is exact for any size (the string goes to Intl, never a float), negatives included', () => {
    expect(formatAmount('12345678901234567.89', 'CAD')).toBe('CA$12,345,678,901,234,567.89');
    expect(formatAmount('-5.00', 'EUR')).toBe('-€5.00');
    // A float would print 0.30000000000000004 for 0.1 + 0.2; the decimal text stays exact.
    expect(formatAmount('0.30', 'USD')).toBe('$0.30');
  });

  it('never rounds: every decimal the API sent is shown, at least the currency has', () => {
    expect(formatAmount('12.345', 'EUR')).toBe('€12.345');
    expect(formatAmount('2.5', 'JPY')).toBe('¥2.5');
    // Intl's table gives HUF no decimals; ISO 4217 (and so the API) gives it 2.
    expect(formatAmount('1299.00', 'HUF')).toBe('HUF\u00a01,299.00');
  });

  it('shows an empty amount as "—" (or the given text), and what it cannot format as it is', () => {
    expect(formatAmount(null, 'CAD')).toBe('—');
    expect(formatAmount(undefined, 'CAD')).toBe('—');
    expect(formatAmount('', 'CAD', '')).toBe('');
    expect(formatAmount('abc', 'CAD')).toBe('abc CAD');
    expect(formatAmount('5.00', 'EURO')).toBe('5.00 EURO');
  });
});

describe('readAmount', () => {
  it('reads what people type as the exact decimal of the currency', () => {
    expect(readAmount('1,299', 'CAD')).toBe('1299.00');
    expect(readAmount(' $12.5 ', 'CAD')).toBe('12.50');
    expect(readAmount('CA$0.99', 'CAD')).toBe('0.99');
    expect(readAmount('', 'CAD')).toBeNull();
    expect(readAmount('1500', 'JPY')).toBe('1500');
  });

  it('refuses what is not an amount of the currency, and never rounds', () => {
    for (const bad of ['abc', '12.345', '1,23', '-5', '12.5.0', '1e3'])
      expect(readAmount(bad, 'CAD')).toBeUndefined();
    expect(readAmount('12.5', 'JPY')).toBeUndefined();
    expect(readAmount('1234567890123', 'CAD')).toBeUndefined();
  });

  it('reads back what formatAmount shows', () => {
    for (const [decimal, currency] of [
      ['1299.00', 'CAD'],
      ['0.05', 'EUR'],
      ['1500', 'JPY'],
    ] as const)
      expect(readAmount(formatAmount(decimal, currency), currency)).toBe(decimal);
  });
});

describe('amountField', () => {
  it('gives "Must be a valid amount." and, when required, "Required field."', () => {
    expect(messagesOf(amountField('CAD').safeParse('12,,0'))).toEqual({ '': MESSAGES.amountInvalid });
    expect(amountField('CAD').parse('')).toBeNull();
    expect(amountField('CAD').parse('1,299')).toBe('1299.00');
    expect(messagesOf(amountField('CAD', { required: true }).safeParse(' '))).toEqual({
      '': MESSAGES.required,
    });
  });
});
