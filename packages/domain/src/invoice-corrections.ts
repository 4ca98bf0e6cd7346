/**
 * Corrections of issued invoices (spec 01 §7 "Invoices": cancellation-html, cancel, edit; shared/BILLING.md
 * "Corrections"; docs/decisions.md "Cancellation and replacement invoices").
 *
 * An issued invoice is never edited: it is *cancelled* by a new numbered document of type `cancellation`
 * that names it (`original_invoice`) and mirrors every line and the VAT breakdown negated, and, when asked
 * (`regenerate`), *replaced* by a `replacement` that stays a draft (no number) while staff edit it and is
 * numbered when they issue it (`PUT invoices/{id}/edit`).
 *
 * The chain rule (`cancellationRefusal`): only an issued invoice, at most once, never a cancellation or a
 * refund document (they are corrections themselves: correct their original instead), never while a
 * payment attempt is open or after a refund was issued against it. An issued replacement is an ordinary
 * invoice again: it may be cancelled (once), and replaced again.
 */
import { z } from 'zod';
import { addressSchema } from './addresses.ts';
import { emailText, safeText } from './api.ts';
import type { InvoiceType } from './enums.ts';
import { parsePercent } from './money.ts';

/**
 * Our texts of the corrections' refusals (the spec's own are in MESSAGES): here, as dunning's are in
 * DUNNING_TEXTS, so they are not loaded by every screen with the messages every screen needs.
 */
export const CORRECTION_TEXTS = {
  cancelNotIssued: 'Only an issued invoice can be cancelled.',
  cancelCorrection: 'A cancellation or refund document cannot be cancelled: correct the invoice it corrects.',
  invoiceAlreadyCancelled: 'This invoice has already been cancelled.',
  cancelHasRefunds: 'A refund was issued for this invoice: it can no longer be cancelled.',
  cancelPaymentInProgress:
    'A payment attempt for this invoice is still in progress. Wait for its answer before cancelling it.',
  cancellationPreviewChanged:
    'The cancellation invoice changed since it was previewed (a new day or template). Review it again.',
  editNotReplacement: 'Only a replacement invoice can be edited.',
  replacementAlreadyIssued:
    'This replacement invoice has been issued already: cancel it to correct it again.',
  invoiceCancelledNotCollectable: 'This invoice has been cancelled: it is no longer collected.',
  cancellationNotCharged:
    'A cancellation invoice is neither charged nor settled: money owed back to the customer is refunded.',
} as const;
const M = CORRECTION_TEXTS;

/** The types that are themselves corrections of another document: never cancelled. */
export const CORRECTION_TYPES = [
  'cancellation',
  'refund',
  'partial_refund',
  'full_refund',
] as const satisfies readonly InvoiceType[];

/** What the chain rule reads about an invoice and its corrections. */
export interface CancellationFacts {
  status: 'draft' | 'issued';
  type: InvoiceType;
  /** A cancellation already points at it. */
  cancelled: boolean;
  /** Refund documents point at it. */
  refunds: number;
  /** Its payment attempts still open (created, processing, unknown). */
  open_attempts: number;
}

/** Why `facts` may not be cancelled, or null when it may (the chain rule above). */
export function cancellationRefusal(facts: CancellationFacts): string | null {
  if (facts.status !== 'issued') return M.cancelNotIssued;
  if ((CORRECTION_TYPES as readonly string[]).includes(facts.type)) return M.cancelCorrection;
  if (facts.cancelled) return M.invoiceAlreadyCancelled;
  if (facts.refunds > 0) return M.cancelHasRefunds;
  if (facts.open_attempts > 0) return M.cancelPaymentInProgress;
  return null;
}

/** Why `invoice` may not be edited (and issued) as a replacement, or null. */
export function editRefusal(invoice: { status: 'draft' | 'issued'; type: InvoiceType }): string | null {
  if (invoice.type !== 'replacement') return M.editNotReplacement;
  if (invoice.status !== 'draft') return M.replacementAlreadyIssued;
  return null;
}

// ---- inputs ----

/**
 * POST invoices/{id}/cancel. `html` is the cancellation invoice as previewed (GET cancellation-html):
 * when given, the server issues only if what it would issue now is that document (else 409), so staff
 * confirm what they saw. `regenerate` also creates the replacement draft.
 */
export const invoiceCancelSchema = z.object({
  html: z.string().max(2_000_000).optional(),
  regenerate: z.boolean().default(false),
});
export type InvoiceCancelInput = z.infer<typeof invoiceCancelSchema>;

const percentText = safeText()
  .trim()
  .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && parsePercent(v) !== undefined && Number(v) <= 100, {
    message: 'Must be a percentage from 0 to 100 (at most 4 decimals).',
  });
/** A non-negative amount as typed ("12", "12.5", "12.50"); converted to the currency's minor units by the server. */
const amountText = safeText()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,4})?$/, 'Must be an amount (digits, at most 4 decimals).');

/** One line of the replacement as staff edit it. */
export const replacementLineSchema = z.object({
  /** The draft line this one continues (keeps its order item, subscription and period links); absent for a new line. */
  position: z.number().int().positive().optional(),
  description: safeText().trim().min(1, 'Required field.').max(500),
  quantity: z.number().int().min(1).max(100_000),
  /** Net or gross as the invoice's tax rule says (the original's). */
  unit_price: amountText,
  discount: amountText.default('0'),
  tax_percent: percentText,
  period_start: z.iso.date().nullable().default(null),
  period_end: z.iso.date().nullable().default(null),
});
export type ReplacementLineInput = z.infer<typeof replacementLineSchema>;

/**
 * PUT invoices/{id}/edit: the replacement's buyer (name, email, billing address) and lines, structured;
 * the totals and VAT breakdown are computed by `invoiceTax` from the lines, never taken from the client.
 * The spec's `html` is accepted and ignored: the document is rendered from the template, never from
 * client markup (docs/decisions.md). Issues the replacement (numbered, frozen).
 */
export const invoiceEditSchema = z
  .object({
    html: z.string().max(2_000_000).optional(),
    customer: z.object({
      name: safeText().trim().min(1, 'Required field.').max(200),
      email: emailText(),
      address: addressSchema.nullable(),
    }),
    lines: z.array(replacementLineSchema).min(1, 'An invoice needs at least one line.').max(200),
  })
  .superRefine((v, ctx) => {
    v.lines.forEach((l, i) => {
      if (
        (l.period_start === null) !== (l.period_end === null) ||
        (l.period_start ?? '') > (l.period_end ?? '')
      )
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'period_end'],
          message: 'Give both dates of the period, the end not before the start.',
        });
    });
  });
export type InvoiceEditInput = z.infer<typeof invoiceEditSchema>;

/** GET invoices/{id}/cancellation-html. */
export const cancellationHtmlSchema = z.object({ html: z.string() });
