/**
 * Pure helpers of the Payments screens (transactions on the wire): filter options, the decline in words,
 * the provider's raw answer as text. Zod-free at run time (see `invoices/invoice-format.ts`).
 */
import type { ProviderTransactionStatus } from '@rentloop/domain/enums';
import type {
  DeclineReason,
  Transaction,
  TransactionKind,
  TransactionState,
} from '@rentloop/domain/payments';
import { humanize } from '../../utils/humanize.ts';
import type { Complete } from '../invoices/invoice-format.ts';

const PROVIDER_STATUSES = [
  'authorized',
  'authorized_order',
  'authorization_expired',
  'submitted_for_settlement',
  'pending',
  'settled',
  'succeeded',
  'failed',
  'gateway_rejected',
  'processor_declined',
  'chargeback',
  'refund',
  'refunded',
  'partial_refund',
  'full_refund',
  'received_partial_refund',
  'failed_refund',
] as const satisfies readonly ProviderTransactionStatus[];
const DECLINE_REASONS = [
  'credit card denied',
  'gateway rejected',
  'server timeout',
  'other reason',
] as const satisfies readonly DeclineReason[];
const STATES = [
  'created',
  'processing',
  'pending',
  'succeeded',
  'failed',
  'unknown',
] as const satisfies readonly TransactionState[];
const KINDS = ['charge', 'refund'] as const satisfies readonly TransactionKind[];
const complete: [
  Complete<ProviderTransactionStatus, typeof PROVIDER_STATUSES>,
  Complete<DeclineReason, typeof DECLINE_REASONS>,
  Complete<TransactionState, typeof STATES>,
  Complete<TransactionKind, typeof KINDS>,
] = [true, true, true, true];
void complete;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));
export const PROVIDER_STATUS_OPTIONS = options(PROVIDER_STATUSES);
export const DECLINE_REASON_OPTIONS = options(DECLINE_REASONS);
/** Charges and refunds (the failed-payment graph's bars lead here with `kind` charge). */
export const KIND_OPTIONS = options(KINDS);
export { GATEWAY_OPTIONS, SETTLEMENT_OPTIONS } from '../invoices/invoice-format.ts';

/** What each attempt state means to staff (the state machine of BILLING.md in a sentence). */
export const STATE_HELP: Record<TransactionState, string> = {
  created: 'Recorded, not sent to the gateway yet.',
  processing: 'Sent to the gateway; waiting for its answer.',
  pending: 'The gateway accepted it; the money comes later (a bank transfer, an offline invoice).',
  succeeded: 'The money was received.',
  failed: 'The gateway declined it.',
  unknown: 'No definitive answer (a time-out): the reconciliation asks the gateway and closes it.',
};

/**
 * The decline in one line for the list: "Credit card denied (soft, insufficient_funds)"; "" when the
 * attempt was not declined.
 */
export function declineSummary(
  t: Pick<Transaction, 'decline_reason' | 'decline_class' | 'decline_code'>,
): string {
  if (!t.decline_reason && !t.decline_code) return '';
  const detail = [t.decline_class, t.decline_code].filter(Boolean).join(', ');
  const reason = t.decline_reason ? humanize(t.decline_reason) : 'Declined';
  return detail ? `${reason} (${detail})` : reason;
}

/** "Payment #12" or "Refund #12": the attempt's title. */
export function transactionTitle(t: Pick<Transaction, 'id' | 'kind'>): string {
  return `${t.kind === 'refund' ? 'Refund' : 'Payment'} #${t.id}`;
}

/**
 * The provider's raw answer as support reads it: JSON pretty-printed with two spaces, a string as it is
 * (a provider's non-JSON body), nothing as null.
 */
export function rawAnswerText(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  return JSON.stringify(raw, null, 2);
}
