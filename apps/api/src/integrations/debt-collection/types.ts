/**
 * The one interface every debt collection agency implements (Debtist now). The debt-collection module
 * (modules/debt-collection) files claims, reads their progress, comments on them and manages the
 * company's user through it; an agency's failure is a `DebtAgencyError` with a message staff can act on.
 * Amounts are minor units of the claim's currency.
 */
import type { DebtProvider } from '@rentloop/domain/debt-collection';

export type AgencyClaimStatus = 'open' | 'in_collection' | 'partially_paid' | 'paid' | 'closed';

export interface ClaimRequest {
  /** Our reference of the claim, unique per company and invoice: the agency answers the same claim again for it. */
  externalId: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  amountMinor: bigint;
  currency: string;
  debtor: {
    name: string;
    email: string | null;
    company: string | null;
    address: Record<string, unknown> | null;
  };
}

export interface AgencyComment {
  reference: string;
  text: string;
  author: string | null;
  createdAt: string;
  /** Written by the creditor (us) or by the agency. */
  byCreditor: boolean;
}

export interface AgencyClaim {
  reference: string;
  externalId: string;
  status: AgencyClaimStatus;
  paidMinor: bigint;
  feeMinor: bigint;
  currency: string;
  comments: AgencyComment[];
}

export interface AgencyUser {
  reference: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
}

export interface DebtCollectionAdapter {
  readonly provider: DebtProvider;
  createClaim(claim: ClaimRequest): Promise<AgencyClaim>;
  getClaim(reference: string): Promise<AgencyClaim>;
  addComment(reference: string, text: string, author: string): Promise<AgencyComment>;
  createUser(user: { email: string; firstName: string; lastName: string }): Promise<AgencyUser>;
  setUserEnabled(reference: string, enabled: boolean): Promise<AgencyUser>;
}

/** `unreachable`: down, timed out, 5xx, 429; `unauthorized`: the key refused; `rejected`: a 4xx with the agency's reason. */
export type DebtErrorKind = 'unreachable' | 'unauthorized' | 'rejected' | 'bad_response';

export class DebtAgencyError extends Error {
  constructor(
    readonly kind: DebtErrorKind,
    message: string,
  ) {
    super(message);
  }
}
