/**
 * The replacement invoice's edit form (`/cms/invoices/{id}/edit`): its values from the draft, the payload
 * of `PUT invoices/{id}/edit`, and the live preview of the figures by the domain's one tax function
 * (`invoiceTax`, the same the server issues with), so what staff see before issuing is what is issued.
 */
import { type Address, addressSchema } from '@rentloop/domain/addresses';
import type { InvoiceEditInput } from '@rentloop/domain/invoice-corrections';
import { type InvoiceTax, invoiceTax } from '@rentloop/domain/invoice-tax';
import type { Invoice } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { decimalToMinor } from '@rentloop/domain/money';
import { z } from 'zod';
import { readAmount } from '../../components/money-input.ts';
import {
  type AddressValues,
  addressValues,
  cleanAddress,
  countryForCurrency,
  emptyAddress,
} from '../customers/customer-form.ts';

export interface LineValues {
  position: number | null;
  description: string;
  quantity: string;
  unit_price: string;
  discount: string;
  tax_percent: string;
}
export interface ReplacementValues {
  name: string;
  email: string;
  address: AddressValues;
  lines: LineValues[];
}

/** The draft as the form starts: its buyer and lines (amounts as their decimals). */
export function replacementValues(invoice: Invoice): ReplacementValues {
  const name = invoice.customer.name;
  return {
    name,
    email: invoice.customer.email,
    address:
      addressValues(invoice.customer.address as Address | null) ??
      emptyAddress({ name, country: countryForCurrency(invoice.currency as never) }),
    lines: invoice.lines.map((l) => ({
      position: l.position,
      description: l.description,
      quantity: String(l.quantity),
      unit_price: l.unit_price,
      discount: l.discount,
      tax_percent: l.tax_percent,
    })),
  };
}

export const newLine = (): LineValues => ({
  position: null,
  description: '',
  quantity: '1',
  unit_price: '',
  discount: '0',
  tax_percent: '19',
});

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/** The form's checks (the API checks again with the domain's `invoiceEditSchema`). */
export function replacementSchema(currency: string) {
  const amount = (required: boolean) =>
    z.string().superRefine((text, ctx) => {
      const value = readAmount(text, currency);
      if (value === undefined) ctx.addIssue({ code: 'custom', message: MESSAGES.amountInvalid });
      else if (value === null && required) ctx.addIssue({ code: 'custom', message: MESSAGES.required });
    });
  return z.object({
    name: z.string().trim().min(1, MESSAGES.required).max(200),
    email: z.string().trim().min(1, MESSAGES.required).email(MESSAGES.emailInvalid),
    address: z.preprocess((v) => cleanAddress(v as AddressValues), addressSchema),
    lines: z
      .array(
        z.object({
          position: z.number().nullable(),
          description: z.string().trim().min(1, MESSAGES.required).max(500),
          quantity: z.string().regex(/^[1-9]\d{0,4}$/, 'A whole number from 1.'),
          unit_price: amount(true),
          discount: amount(false),
          tax_percent: z
            .string()
            .trim()
            .refine((v) => PERCENT.test(v) && Number(v) <= 100, 'A percentage from 0 to 100.'),
        }),
      )
      .min(1, 'An invoice needs at least one line.'),
  });
}

/** The form's values as `PUT invoices/{id}/edit` takes them. */
export function replacementPayload(values: ReplacementValues, currency: string): InvoiceEditInput {
  return {
    customer: {
      name: values.name.trim(),
      email: values.email.trim(),
      address: cleanAddress(values.address) as unknown as Address,
    },
    lines: values.lines.map((l) => ({
      ...(l.position !== null ? { position: l.position } : {}),
      description: l.description.trim(),
      quantity: Number(l.quantity),
      unit_price: readAmount(l.unit_price, currency) ?? '0',
      discount: readAmount(l.discount, currency) ?? '0',
      tax_percent: l.tax_percent.trim(),
      period_start: null,
      period_end: null,
    })),
  } as InvoiceEditInput;
}

/** The figures the lines give, as the server will issue them; null while a line is not valid yet. */
export function previewTax(
  lines: readonly LineValues[],
  rule: Invoice['tax_rule'],
  currency: string,
): InvoiceTax | null {
  const inputs = [];
  for (const l of lines) {
    const unit = decimalToMinor(readAmount(l.unit_price, currency) ?? '', currency);
    const discount =
      l.discount.trim() === '' ? 0n : decimalToMinor(readAmount(l.discount, currency) ?? '', currency);
    const quantity = /^[1-9]\d{0,4}$/.test(l.quantity) ? BigInt(l.quantity) : undefined;
    const percent = l.tax_percent.trim();
    if (unit === undefined || discount === undefined || quantity === undefined || !PERCENT.test(percent))
      return null;
    const amount = unit * quantity - discount;
    if (amount < 0n) return null;
    inputs.push({ amount, tax_percent: String(Number(percent)) });
  }
  return inputs.length > 0 ? invoiceTax(rule, inputs) : null;
}
