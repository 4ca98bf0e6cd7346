/** The inputs of a customer, shared by the create and edit dialogs. */
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CUSTOMER_LANGUAGES } from '@rentloop/domain/customers';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { AddressForm } from '../../components/AddressForm.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { languageName } from '../../utils/languages.ts';
import type { CustomerFormOutput, CustomerFormValues } from './customer-form.ts';
import { countryForCurrency, emptyAddress } from './customer-form.ts';
import { customersIds } from './testids.ts';

/** What the opt-out holds back and what it does not (docs/decisions.md 74). */
export const RECORD_MAIL_HELP =
  'Order confirmations, quotes, subscription summaries and receipts are not sent unless staff send them anyway. Payment reminders still go out.';

type CustomerForm = UseFormReturn<CustomerFormValues, unknown, CustomerFormOutput>;

function AddressSection({ form, kind }: { form: CustomerForm; kind: 'billing' | 'shipping' }) {
  const name = kind === 'billing' ? 'billing_address' : 'shipping_address';
  const { control } = form;
  const address = useWatch({ control, name });
  const billing = useWatch({ control, name: 'billing_address' });
  const enabled = address !== null && address !== undefined;
  const currency = useCurrentCompany().company?.currency;

  const toggle = (on: boolean) => {
    const values = form.getValues();
    const fill = { name: values.name, email: values.email, country: countryForCurrency(currency) };
    form.setValue(name, on ? emptyAddress(fill) : null, { shouldDirty: true });
  };
  const copyBilling = () => {
    if (billing)
      form.setValue('shipping_address', { ...billing }, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              onChange={(event) => toggle(event.target.checked)}
              slotProps={{ input: { 'data-testid': customersIds[`${kind}Toggle`] } as object }}
            />
          }
          label={
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {kind === 'billing' ? 'Billing address' : 'Shipping address'}
            </Typography>
          }
        />
        {kind === 'shipping' && (
          <Button
            size="small"
            startIcon={<ContentCopy fontSize="small" />}
            onClick={copyBilling}
            disabled={!billing}
            data-testid={customersIds.copyBilling}
          >
            Same as billing
          </Button>
        )}
      </Box>
      {enabled && <AddressForm control={control} name={name} autofillSection={kind} />}
    </Stack>
  );
}

export function CustomerFields({ form }: { form: CustomerForm }) {
  const { control } = form;
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="off"
        />
        <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="off" />
        <FormTextField control={control} name="language" label="Language" select>
          {CUSTOMER_LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {languageName(code)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="company_name" label="Company name" autoComplete="off" />
        <FormTextField control={control} name="vat_number" label="VAT number" autoComplete="off" />
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <FormSwitchField
            control={control}
            name="record_mail_opt_out"
            label="No record mails"
            helperText={RECORD_MAIL_HELP}
            testId={customersIds.field('record_mail_opt_out')}
          />
        </Box>
      </Box>
      <AddressSection form={form} kind="billing" />
      <AddressSection form={form} kind="shipping" />
    </Stack>
  );
}
