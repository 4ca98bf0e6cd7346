/**
 * The one interface every credit check provider implements (CRIF now). The orders module asks it about
 * an order's customer (modules/orders/credit-check.ts); a provider's failure is a `CreditCheckError`
 * with a message staff can act on.
 */
import type { CreditDecision } from '@rentloop/domain/credit-checks';

/** Who is checked: the order's customer as the order was placed (its billing address). */
export interface CreditSubject {
  /** Our reference of the check, sent to the provider ("order-123"). */
  reference: string;
  first_name: string;
  last_name: string;
  company: string | null;
  email: string | null;
  street: string;
  street_number: string | null;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2, lower case ("de"). */
  country: string;
}

export interface CreditResult {
  decision: CreditDecision;
  /** The provider's score, when it gives one. */
  score: number | null;
  /** The provider's reference of the check. */
  reference: string;
  /** ISO 8601 (the caller's clock). */
  checked_at: string;
  reasons: string[];
}

export interface CreditCheckAdapter {
  readonly provider: 'crif';
  check(subject: CreditSubject, options: { now: Date; signal?: AbortSignal }): Promise<CreditResult>;
}

export type CreditErrorKind = 'unreachable' | 'unauthorized' | 'bad_response';

export class CreditCheckError extends Error {
  constructor(
    readonly kind: CreditErrorKind,
    message: string,
  ) {
    super(message);
  }
}
