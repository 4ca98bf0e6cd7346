/** Insights that did not load say the spec's words (spec 01 §8), then the server's reason if any. */
import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { failedText } from './InsightsPage.tsx';

describe('failedText', () => {
  it('starts with "Failed to fetch insights."', () => {
    expect(MESSAGES.insightsFetchFailed).toBe('Failed to fetch insights.');
    expect(failedText('Request not successful.')).toBe('Failed to fetch insights. Request not successful.');
    expect(failedText('')).toBe('Failed to fetch insights.');
    expect(failedText(MESSAGES.insightsFetchFailed)).toBe('Failed to fetch insights.');
  });
});
