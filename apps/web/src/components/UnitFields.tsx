/**
 * Form fields with a unit at the end, bound to react-hook-form like `FormTextField`: an amount in the
 * company's currency, a percentage, a whole number. The form holds the text as typed; its schema reads
 * it (`parseMoney` for amounts, see components/amounts.ts).
 */
import InputAdornment from '@mui/material/InputAdornment';
import type { TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';
import { useCompanyCurrency } from './use-company-currency.ts';

const withEnd = (
  end: string | undefined,
  inputMode: 'decimal' | 'numeric',
  slotProps: TextFieldProps['slotProps'],
) => ({
  ...slotProps,
  input: end ? { endAdornment: <InputAdornment position="end">{end}</InputAdornment> } : undefined,
  htmlInput: { inputMode, autoComplete: 'off', ...(slotProps?.htmlInput as object | undefined) },
});

/**
 * An amount: typed as a person writes it ("1,299.50"), the currency code at the end: the current
 * company's (`company.currency`) unless `currency` names another.
 */
export function AmountField<T extends FieldValues, O = T>({
  currency,
  slotProps,
  ...props
}: FormTextFieldProps<T, O> & { currency?: string }) {
  const companyCurrency = useCompanyCurrency();
  return <FormTextField {...props} slotProps={withEnd(currency ?? companyCurrency, 'decimal', slotProps)} />;
}

/** A percentage, with "%" at the end. */
export function PercentField<T extends FieldValues, O = T>({
  slotProps,
  ...props
}: FormTextFieldProps<T, O>) {
  return <FormTextField {...props} slotProps={withEnd('%', 'decimal', slotProps)} />;
}

/** A whole number, with an optional unit at the end ("months", "days"). */
export function WholeNumberField<T extends FieldValues, O = T>({
  unit,
  slotProps,
  ...props
}: FormTextFieldProps<T, O> & { unit?: string }) {
  return <FormTextField {...props} slotProps={withEnd(unit, 'numeric', slotProps)} />;
}
