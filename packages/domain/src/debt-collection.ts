/**
 * Debt collection (spec 02 §3 "Debt claim", "Debt-collection user", §7 "Debt collection", §8): unpaid,
 * due invoices handed over to a collection agency (Debtist) as claims, the agency's progress pulled back
 * (status, what it collected, its fee), comments on a claim's activity, and the company's user at the
 * agency. The agency's address and API key live in the `debt_collection` settings section
 * (settings-business.ts); the API talks to it through an adapter (apps/api/src/integrations/debt-collection).
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';
import { amountSchema } from './money.ts';

export const DEBT_PROVIDERS = ['debtist'] as const;
export type DebtProvider = (typeof DEBT_PROVIDERS)[number];

/**
 * A claim's status. `pending`: recorded here, the agency has not confirmed it yet (it was down; the next
 * claim of the invoice or the next sync sends it again); `open`: filed, collection not started;
 * `in_collection`: the agency is collecting; `partially_paid`: some of it collected; `paid`: collected in
 * full (the invoice is settled by it); `closed`: the agency gave up or the claim was withdrawn.
 */
export const DEBT_CLAIM_STATUSES = [
  'pending',
  'open',
  'in_collection',
  'partially_paid',
  'paid',
  'closed',
] as const;
export type DebtClaimStatus = (typeof DEBT_CLAIM_STATUSES)[number];
/** Statuses the sync no longer asks the agency about. */
export const FINAL_DEBT_CLAIM_STATUSES: readonly DebtClaimStatus[] = ['paid', 'closed'];

export const DEBT_CLAIM_STATUS_LABELS: Record<DebtClaimStatus, string> = {
  pending: 'Waiting for the agency',
  open: 'Filed',
  in_collection: 'In collection',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  closed: 'Closed',
};

export const DEBT_TEXTS = {
  claimFiled: MESSAGES.debtClaimFiled,
  claimFailed: MESSAGES.debtClaimFailed,
  claimExists: 'This invoice has already been handed to debt collection.',
  commentAdded: MESSAGES.debtCommentAdded,
  commentFailed: MESSAGES.debtCommentFailed,
  userFailed: MESSAGES.debtUserFailed,
  userCreated: 'Debtist user created.',
  userExists: 'The company already has a Debtist user.',
  noUser: 'The company has no Debtist user yet.',
  userEnabled: 'Debtist user enabled.',
  userDisabled: 'Debtist user disabled.',
  synced: 'Claims synced.',
  notConfigured:
    'Debt collection is not set up: switch it on and add the Debtist API address and API key in Settings, section Debt collection.',
  agencyUnreachable: 'Could not reach the debt collection agency. Nothing was lost; please try again later.',
  agencyRefused:
    'The debt collection agency refused the API key. Check it in Settings, section Debt collection.',
  agencyBadAnswer: 'The debt collection agency gave an answer that could not be read.',
  invoiceNotIssued: 'Only an issued invoice can be handed to debt collection.',
  invoiceNotUnpaid:
    'Only an unpaid invoice can be handed to debt collection: this one is settled or its payment is in progress.',
  invoiceNotDue: 'The invoice is not due yet: it can be handed to debt collection after its due date.',
  invoiceCredit: 'A credit (cancellation or refund) cannot be handed to debt collection.',
  invoiceTooSmall: (min: string) =>
    `The open amount is below the smallest claim (${min}) set in Settings, section Debt collection.`,
  claimPending: 'The agency has not confirmed this claim yet: sync the claims first.',
} as const;

export const debtCommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  /** `staff`: written here; `agency`: the agency's own activity, pulled by the sync. */
  source: z.enum(['staff', 'agency']),
  author: z.string().nullable().describe('Who wrote it: the staff member’s name, or the agency’s agent.'),
  created_at: z.iso.datetime(),
});
export type DebtComment = z.infer<typeof debtCommentSchema>;

export const debtClaimSchema = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string().nullable(),
  provider: z.enum(DEBT_PROVIDERS),
  reference: z.string().nullable().describe('The agency’s claim id (null while `pending`).'),
  status: z.enum(DEBT_CLAIM_STATUSES),
  amount: amountSchema.describe('The amount claimed: the invoice’s open gross.'),
  paid_amount: amountSchema.describe('What the agency has collected so far.'),
  fee: amountSchema.describe('The agency’s fee, as it reports it.'),
  currency: z.string(),
  settled_at: z.iso.datetime().nullable().describe('When the agency’s collection settled the invoice.'),
  last_error: z.string().nullable().describe('Why the latest call to the agency about this claim failed.'),
  last_synced_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type DebtClaim = z.infer<typeof debtClaimSchema>;

export const debtClaimDetailSchema = debtClaimSchema.extend({
  comments: z.array(debtCommentSchema).describe('The claim’s activity comments, oldest first.'),
});
export type DebtClaimDetail = z.infer<typeof debtClaimDetailSchema>;

export const DEBT_CLAIM_SORTS = ['id', 'created_at', 'updated_at', 'status', 'amount'] as const;

export const debtCommentInputSchema = z.strictObject({
  comment: safeText().trim().min(1, 'Required field.').max(5000),
});

export const debtSyncResultSchema = z.object({
  checked: z.number().int().describe('Claims asked about (every claim not paid or closed).'),
  updated: z.number().int().describe('Claims whose status or amounts changed.'),
  settled: z.number().int().describe('Invoices settled by a collection.'),
  failed: z
    .number()
    .int()
    .describe('Claims the agency could not be asked about (their `last_error` says why).'),
});
export type DebtSyncResult = z.infer<typeof debtSyncResultSchema>;

export const debtUserSchema = z.object({
  id: z.number().int(),
  reference: z.string().describe('The user’s id at the agency.'),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  enabled: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type DebtUser = z.infer<typeof debtUserSchema>;

export const debtUserInputSchema = z.strictObject({
  email: safeText().trim().max(254).pipe(z.email('Email must be valid.')),
  first_name: safeText().trim().min(1, 'Required field.').max(100),
  last_name: safeText().trim().min(1, 'Required field.').max(100),
});
export type DebtUserInput = z.infer<typeof debtUserInputSchema>;

/**
 * The dunning's hand-over of an invoice (decision 84): `scheduled` until `handover_after_days` after the
 * last reminder's due date; `filed` (its claim recorded); `skipped` (the reason says why: paid or
 * settled meanwhile, below the smallest claim, debt collection not set up).
 */
export const DEBT_HANDOVER_STATUSES = ['scheduled', 'filed', 'skipped'] as const;
export type DebtHandoverStatus = (typeof DEBT_HANDOVER_STATUSES)[number];

export const debtHandoverSchema = z.object({
  invoice_id: z.number().int(),
  status: z.enum(DEBT_HANDOVER_STATUSES),
  reminder_due_on: z.iso.date().describe('The date the last reminder gave the customer (the last retry’s).'),
  handover_on: z.iso
    .date()
    .describe(
      'When the claim is (or was to be) filed: `reminder_due_on` plus the settings’ `handover_after_days`.',
    ),
  reason: z.string().nullable().describe('Why it was not handed over (`skipped`).'),
  claim_id: z.number().int().nullable().describe('The claim it became (`filed`).'),
});
export type DebtHandover = z.infer<typeof debtHandoverSchema>;

export const debtHandoverAnswerSchema = z.object({
  handover: debtHandoverSchema.nullable().describe('Null: the dunning did not hand this invoice over.'),
});
