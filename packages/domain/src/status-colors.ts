/**
 * Status colours (spec 01 §4): success (green), warning, error; anything else is neutral.
 *
 * The spec names words: "complete, active, success, settled, fulfilled, paid, rented out are
 * success; in progress, open, pending, draft, paused, cancellation requested and pending states are
 * warning; cancelled, rejected, expired, declined, broken, stolen, lost, failed are error". A status
 * is matched on its whole words (underscores, dashes and slashes count as spaces), so the
 * provider's `gateway_rejected`, `processor_declined` and `authorization_expired`, the order's
 * `dunning-cancelled` and the subscription's `lost/stolen` are errors, and `payment_pending` is a
 * warning. An error word wins over a warning word, which wins over a success word. Our readings:
 * `succeeded` counts as success, and a status starting with "not" (`not settled`) is neutral.
 */
export type StatusColor = 'success' | 'warning' | 'error' | 'default';

const SUCCESS_PHRASES = new Set(['rented out']);
const SUCCESS_WORDS = new Set(['complete', 'active', 'success', 'succeeded', 'settled', 'fulfilled', 'paid']);
const WARNING_PHRASES = new Set(['in progress', 'cancellation requested']);
const WARNING_WORDS = new Set(['open', 'pending', 'draft', 'paused']);
const ERROR_WORDS = new Set([
  'cancelled',
  'rejected',
  'expired',
  'declined',
  'broken',
  'stolen',
  'lost',
  'failed',
]);

export function statusColor(status: string | null | undefined): StatusColor {
  if (!status) return 'default';
  const s = status
    .trim()
    .toLowerCase()
    .replace(/[_\-/]+/g, ' ')
    .replace(/\s+/g, ' ');
  if (WARNING_PHRASES.has(s)) return 'warning';
  if (SUCCESS_PHRASES.has(s)) return 'success';
  const words = s.split(' ');
  if (words[0] === 'not') return 'default';
  if (words.some((w) => ERROR_WORDS.has(w))) return 'error';
  if (words.some((w) => WARNING_WORDS.has(w))) return 'warning';
  if (words.some((w) => SUCCESS_WORDS.has(w))) return 'success';
  return 'default';
}
