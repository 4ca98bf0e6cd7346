/** The voucher dialogs' schema, and the mapping between a voucher, the form's values and the payload. */
import { MESSAGES } from '@rentloop/domain/messages';
import {
  VOUCHER_APPLIES_TO,
  VOUCHER_KINDS,
  type Voucher,
  type VoucherInput,
  voucherInputSchema,
  voucherProblems,
} from '@rentloop/domain/vouchers';
import { z } from 'zod';
import { via, wholeNumberField } from '../../components/amounts.ts';
import { DATE_HINT } from '../../components/date-input.ts';
import { amountField, amountText, readAmount } from '../../components/money-input.ts';
import { percentText } from '../../components/percent-text.ts';

export interface VoucherFormValues {
  code: string;
  description: string;
  kind: (typeof VOUCHER_KINDS)[number];
  value: string;
  valid_from: string;
  valid_until: string;
  usage_limit: string;
  usage_limit_per_customer: string;
  minimum_cart_value: string;
  applies_to: (typeof VOUCHER_APPLIES_TO)[number];
  recurring_payments: string;
  active: boolean;
}

// The date field puts an ISO date here, or the text typed when it is not a date.
const dateText = z
  .string()
  .refine((v) => v.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(v.trim()), DATE_HINT)
  .transform((v) => (v.trim() === '' ? null : v.trim()));

/** The value as the API takes it: a percentage ("12.5"), an amount of the currency, or null. */
function readValue(
  kind: VoucherFormValues['kind'],
  text: string,
  currency: string,
): string | null | undefined {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (kind === 'free_shipping' || trimmed === '') return kind === 'free_shipping' ? null : '';
  return kind === 'percentage' ? trimmed : readAmount(trimmed, currency);
}

/** The domain's rules field by field, amounts read in the company's currency. */
export function voucherFormSchema(currency: string) {
  return z
    .object({
      code: z.string().transform(via(voucherInputSchema.shape.code)),
      description: z.string().transform((v) => (v.trim() === '' ? null : v.trim())),
      kind: z.enum(VOUCHER_KINDS),
      value: z.string(),
      valid_from: dateText,
      valid_until: dateText,
      usage_limit: wholeNumberField({ min: 1 }),
      usage_limit_per_customer: wholeNumberField({ min: 1 }),
      minimum_cart_value: amountField(currency),
      applies_to: z.enum(VOUCHER_APPLIES_TO),
      recurring_payments: wholeNumberField({ min: 1 }),
      active: z.boolean(),
    })
    .transform((v, ctx): VoucherInput => {
      const value = readValue(v.kind, v.value, currency);
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: MESSAGES.amountInvalid });
        return z.NEVER;
      }
      const payload = {
        ...v,
        value: value === '' ? null : value,
        recurring_payments: v.applies_to === 'first_payments' ? v.recurring_payments : null,
      };
      const problems = voucherProblems(payload);
      for (const p of problems) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
      return problems.length ? z.NEVER : payload;
    });
}
export type VoucherFormOutput = VoucherInput;

export const toVoucherValues = (v?: Voucher): VoucherFormValues => ({
  code: v?.code ?? '',
  description: v?.description ?? '',
  kind: v?.kind ?? 'percentage',
  value: v?.value ? (v.kind === 'percentage' ? percentText(v.value) : amountText(v.value)) : '',
  valid_from: v?.valid_from ?? '',
  valid_until: v?.valid_until ?? '',
  usage_limit: v?.usage_limit ? String(v.usage_limit) : '',
  usage_limit_per_customer: v?.usage_limit_per_customer ? String(v.usage_limit_per_customer) : '',
  minimum_cart_value: amountText(v?.minimum_cart_value),
  applies_to: v?.applies_to ?? 'all_payments',
  recurring_payments: v?.recurring_payments ? String(v.recurring_payments) : '',
  active: v?.active ?? true,
});
