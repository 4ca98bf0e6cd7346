import { MESSAGES } from '@rentloop/domain/messages';

/** The spec's text for insights that did not load (spec 01 §8), then the server's reason if it gave one. */
export const failedText = (reason: string) =>
  reason && reason !== MESSAGES.insightsFetchFailed
    ? `${MESSAGES.insightsFetchFailed} ${reason}`
    : MESSAGES.insightsFetchFailed;
