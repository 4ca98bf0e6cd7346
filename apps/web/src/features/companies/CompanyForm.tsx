/** The fields of a company (name, currency, shop and payment systems), for creating and editing. */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CURRENCIES,
  companyCreateSchema,
  type PAYMENT_SYSTEMS,
  type SHOP_SYSTEMS,
} from '@rentloop/domain/companies';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { companyAdminIds } from './testids.ts';

export const companyFormSchema = companyCreateSchema;
export type CompanyFormValues = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;
export type CompanyForm = UseFormReturn<CompanyFormValues, unknown, CompanyFormOutput>;

export const EMPTY_COMPANY: CompanyFormValues = {
  name: '',
  currency: 'EUR',
  shop_system: null,
  payment_system: null,
};

const SHOP_LABELS: Record<(typeof SHOP_SYSTEMS)[number], string> = {
  magento: 'Magento',
  saleor: 'Saleor',
  shopify: 'Shopify',
  shopware5: 'Shopware 5',
  shopware6: 'Shopware 6',
  woocommerce: 'WooCommerce',
};
const PAYMENT_LABELS: Record<(typeof PAYMENT_SYSTEMS)[number], string> = {
  adyen: 'Adyen',
  braintree: 'Braintree',
  mollie: 'Mollie',
  offlinegateway: 'Offline gateway',
  payone: 'PAYONE',
  paypal: 'PayPal',
  stripe: 'Stripe',
};

export const shopLabel = (s: string | null) => (s ? (SHOP_LABELS[s as keyof typeof SHOP_LABELS] ?? s) : '');
export const paymentLabel = (s: string | null) =>
  s ? (PAYMENT_LABELS[s as keyof typeof PAYMENT_LABELS] ?? s) : '';

/** A select whose "None" is null in the form. */
function NullableSelect(props: {
  control: Control<CompanyFormValues, unknown, CompanyFormOutput>;
  name: 'shop_system' | 'payment_system';
  label: string;
  options: Record<string, string>;
  testId: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={props.label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': props.testId },
          }}
        >
          <MenuItem value="" data-testid={companyAdminIds.option(props.name, 'none')}>
            None
          </MenuItem>
          {Object.entries(props.options).map(([value, label]) => (
            <MenuItem key={value} value={value} data-testid={companyAdminIds.option(props.name, value)}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function CompanyFields({ form, autoFocus }: { form: CompanyForm; autoFocus?: boolean }) {
  return (
    <Stack spacing={2}>
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { 'data-testid': companyAdminIds.name } }}
      />
      <FormTextField
        control={form.control}
        name="currency"
        label="Currency"
        select
        slotProps={{ htmlInput: { 'data-testid': companyAdminIds.currency } }}
      >
        {CURRENCIES.map((c) => (
          <MenuItem key={c} value={c} data-testid={companyAdminIds.option('currency', c)}>
            {c}
          </MenuItem>
        ))}
      </FormTextField>
      <NullableSelect
        control={form.control}
        name="shop_system"
        label="Shop system"
        options={SHOP_LABELS}
        testId={companyAdminIds.shopSystem}
      />
      <NullableSelect
        control={form.control}
        name="payment_system"
        label="Payment system"
        options={PAYMENT_LABELS}
        testId={companyAdminIds.paymentSystem}
      />
    </Stack>
  );
}
