/** The inputs of a voucher, shared by the create and edit dialogs. */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import {
  VOUCHER_APPLIES_TO,
  VOUCHER_APPLIES_TO_LABELS,
  VOUCHER_KIND_LABELS,
  VOUCHER_KINDS,
} from '@rentloop/domain/vouchers';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormDateField } from '../../components/FormDateField.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { AmountField, PercentField, WholeNumberField } from '../../components/UnitFields.tsx';
import { vouchersIds } from './testids.ts';
import type { VoucherFormOutput, VoucherFormValues } from './voucher-form.ts';

type VoucherForm = UseFormReturn<VoucherFormValues, unknown, VoucherFormOutput>;
const testId = (name: string) => ({ htmlInput: { 'data-testid': vouchersIds.field(name) } });
const span2 = { gridColumn: { sm: 'span 2' } };

export function VoucherFields({ form }: { form: VoucherForm }) {
  const { control } = form;
  const kind = useWatch({ control, name: 'kind' });
  const appliesTo = useWatch({ control, name: 'applies_to' });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormTextField
        control={control}
        name="code"
        label="Code"
        required
        autoComplete="off"
        helperText="What the customer enters; the case does not matter"
        slotProps={testId('code')}
      />
      <FormTextField control={control} name="kind" label="Kind" select slotProps={testId('kind')}>
        {VOUCHER_KINDS.map((k) => (
          <MenuItem key={k} value={k} data-value={k} data-testid={`voucher-kind-${k}`}>
            {VOUCHER_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </FormTextField>
      {kind === 'percentage' && (
        <PercentField control={control} name="value" label="Discount" required slotProps={testId('value')} />
      )}
      {kind === 'fixed_amount' && (
        <AmountField control={control} name="value" label="Discount" required slotProps={testId('value')} />
      )}
      <AmountField
        control={control}
        name="minimum_cart_value"
        label="Minimum cart value"
        helperText="Optional"
        slotProps={testId('minimum_cart_value')}
      />
      <FormDateField
        control={control}
        name="valid_from"
        label="Valid from"
        placeholder="Right away"
        testId={vouchersIds.field('valid_from')}
      />
      <FormDateField
        control={control}
        name="valid_until"
        label="Valid until"
        placeholder="No end"
        helperText="The last day it can be used"
        testId={vouchersIds.field('valid_until')}
      />
      <WholeNumberField
        control={control}
        name="usage_limit"
        label="Usage limit"
        unit="uses"
        helperText="In total; empty for no limit"
        slotProps={testId('usage_limit')}
      />
      <WholeNumberField
        control={control}
        name="usage_limit_per_customer"
        label="Limit per customer"
        unit="uses"
        helperText="Empty for no limit"
        slotProps={testId('usage_limit_per_customer')}
      />
      <FormTextField
        control={control}
        name="applies_to"
        label="Applies to"
        select
        slotProps={testId('applies_to')}
      >
        {VOUCHER_APPLIES_TO.map((a) => (
          <MenuItem key={a} value={a} data-value={a} data-testid={`voucher-applies-${a}`}>
            {VOUCHER_APPLIES_TO_LABELS[a]}
          </MenuItem>
        ))}
      </FormTextField>
      {appliesTo === 'first_payments' ? (
        <WholeNumberField
          control={control}
          name="recurring_payments"
          label="Number of payments"
          unit="payments"
          required
          slotProps={testId('recurring_payments')}
        />
      ) : (
        <Box />
      )}
      <Box sx={span2}>
        <FormTextField
          control={control}
          name="description"
          label="Description"
          helperText="For staff; not shown to customers"
          slotProps={testId('description')}
        />
      </Box>
      <FormSwitchField control={control} name="active" label="Active" testId={vouchersIds.field('active')} />
    </Box>
  );
}
