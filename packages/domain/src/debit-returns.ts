/**
 * The SEPA return reason codes staff can record for a returned direct debit (POST
 * transactions/{id}/return-debit; ISO 20022 codes as the bank statement shows them), what each means, and
 * whether dunning retries it: `soft` (the same account may pay later) or `hard` (never retried; the
 * customer must give another way to pay). The API classifies with the gateways' SEPA table
 * (apps/api integrations/payments/declines.ts `SEPA_RETURN_CODES`; a test keeps both in step). Constants
 * only, no schema: the payment page's dialog imports it without the domain's zod chunk.
 */
export const DEBIT_RETURN_REASONS = {
  AM04: { text: 'Insufficient funds', class: 'soft' },
  MS03: { text: 'No reason given by the bank', class: 'soft' },
  MD06: { text: 'Refund requested by the debtor', class: 'hard' },
  MD01: { text: 'No valid mandate', class: 'hard' },
  AC04: { text: 'Account closed', class: 'hard' },
  AC01: { text: 'Account number incorrect', class: 'hard' },
  AC06: { text: 'Account blocked', class: 'hard' },
  AG01: { text: 'Direct debit not allowed on this account', class: 'hard' },
  MD07: { text: 'Debtor deceased', class: 'hard' },
  MS02: { text: 'Refused by the debtor', class: 'hard' },
  SL01: { text: "Blocked by a service of the debtor's bank", class: 'hard' },
} as const satisfies Record<string, { text: string; class: 'soft' | 'hard' }>;
export type DebitReturnReason = keyof typeof DEBIT_RETURN_REASONS;
export const DEBIT_RETURN_CODES = Object.keys(DEBIT_RETURN_REASONS) as DebitReturnReason[];
