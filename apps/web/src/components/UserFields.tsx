/**
 * The field groups of a person's account, bound to react-hook-form: name and email (the profile, an
 * operator's user page, creating and inviting users), the company role, and a new password typed twice
 * (reset, first password, the profile, an operator setting a password; `newPasswordFormSchema` checks
 * that both match), and the switch that sends an invitation.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { COMPANY_ROLES, type CompanyRole } from '@rentloop/domain/role-flags';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField.tsx';
import { ROLE_LABELS } from './role-labels.ts';

interface GroupProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
}

export function NameEmailFields<T extends FieldValues, O = T>({
  control,
  testIds,
  autoFocus,
  autoComplete,
  emailHelperText,
}: GroupProps<T, O> & {
  testIds: { name: string; email: string };
  autoFocus?: boolean;
  /** The signed-in person's own account: the browser may fill in their name and address. */
  autoComplete?: boolean;
  emailHelperText?: ReactNode;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={'name' as FieldPath<T>}
        label="Name"
        autoFocus={autoFocus}
        autoComplete={autoComplete ? 'name' : undefined}
        slotProps={{ htmlInput: { 'data-testid': testIds.name } }}
      />
      <FormTextField
        control={control}
        name={'email' as FieldPath<T>}
        label="Email"
        type="email"
        autoComplete={autoComplete ? 'email' : undefined}
        helperText={emailHelperText}
        slotProps={{ htmlInput: { 'data-testid': testIds.email } }}
      />
    </>
  );
}

/** A role in a company; `mayGrantOwner` false leaves Owner offered but disabled (only owners appoint owners). */
export function CompanyRoleField<T extends FieldValues, O = T>({
  control,
  name,
  label = 'Role',
  helperText,
  mayGrantOwner = true,
  testId,
  optionTestId,
}: GroupProps<T, O> & {
  name: FieldPath<T>;
  label?: string;
  helperText?: ReactNode;
  mayGrantOwner?: boolean;
  testId: string;
  optionTestId: (role: CompanyRole) => string;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      select
      helperText={helperText}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {COMPANY_ROLES.map((role) => (
        <MenuItem
          key={role}
          value={role}
          disabled={role === 'owner' && !mayGrantOwner}
          data-testid={optionTestId(role)}
        >
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** A new password and the same again, as `newPasswordFormSchema` names them (`password`, `confirm`). */
export function NewPasswordFields<T extends FieldValues, O = T>({
  control,
  testIds,
  label = 'New password',
  autoFocus,
  size,
}: GroupProps<T, O> & {
  testIds: { password: string; confirm: string };
  label?: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as FieldPath<T>}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        size={size}
        helperText="At least 8 characters."
        slotProps={{ htmlInput: { 'data-testid': testIds.password } }}
      />
      <FormTextField
        control={control}
        name={'confirm' as FieldPath<T>}
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        size={size}
        slotProps={{ htmlInput: { 'data-testid': testIds.confirm } }}
      />
    </>
  );
}

/** Whether the invitation email goes out now (`send_invitation`, on by default). */
export function SendInvitationSwitch<T extends FieldValues, O = T>({
  control,
  testId,
}: GroupProps<T, O> & { testId: string }) {
  return (
    <Controller
      control={control}
      name={'send_invitation' as FieldPath<T>}
      render={({ field }) => (
        <FormControlLabel
          label="Send the invitation email now"
          control={
            <Switch
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
        />
      )}
    />
  );
}
