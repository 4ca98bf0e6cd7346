/**
 * `/super/users/create`: an operator creates an account, optionally as an operator (super admin,
 * support user), optionally in a company with a role and company functions, and invites it by email.
 * `?company_id=&company_role=owner` fills in the company (from "Create its owner" after a new company).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Send from '@mui/icons-material/Send';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@rentloop/domain/messages';
import { companyRoleSchema, GLOBAL_ROLES } from '@rentloop/domain/roles';
import { operatorUserCreateSchema } from '@rentloop/domain/users';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DialogForm } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { CompanyRoleField, NameEmailFields, SendInvitationSwitch } from '../../components/UserFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { FunctionsField } from '../users/FunctionsField.tsx';
import { type OperatorUserInput, useCreateUser } from '../users/hooks.ts';
import { notifyCreated } from '../users/notify-created.ts';
import { roleLabel } from '../users/UserChips.tsx';
import { CompanyPicker } from './CompanyPicker.tsx';
import { superUsersIds } from './testids.ts';

type Values = z.input<typeof operatorUserCreateSchema>;

/** The form's starting values, from `?company_id=&company_role=`. */
export function prefill(params: URLSearchParams): Values {
  const companyId = Number(params.get('company_id'));
  const role = companyRoleSchema.safeParse(params.get('company_role'));
  return {
    name: '',
    email: '',
    role: null,
    company_id: Number.isInteger(companyId) && companyId > 0 ? companyId : undefined,
    company_role: role.success ? role.data : 'user',
    company_functions: [],
    send_invitation: true,
  };
}

const formIds = {
  form: superUsersIds.form,
  problems: superUsersIds.formError,
  cancel: superUsersIds.cancel,
  save: superUsersIds.save,
};

function CreateForm() {
  const { close } = useRouteDialog();
  const [params] = useSearchParams();
  const create = useCreateUser();
  const form = useAppForm<Values, unknown, OperatorUserInput>({
    resolver: zodResolver(operatorUserCreateSchema),
    defaultValues: prefill(params),
  });
  const companyId = form.watch('company_id');

  const submit = useSubmit(form, create, {
    payload: (values): OperatorUserInput =>
      values.company_id ? values : { ...values, company_id: undefined, company_functions: [] },
    saved: false,
    failed: MESSAGES.userCreateFailed,
    onSaved: ({ data, message }) => {
      notifyCreated(message, data.invitation);
      close(`/super/users/${data.user.id}`);
    },
  });

  return (
    <DialogForm {...submit} saveLabel="Create user" saveIcon={<Send />} testIds={formIds}>
      <Stack spacing={2}>
        <NameEmailFields
          control={form.control}
          testIds={{ name: superUsersIds.name, email: superUsersIds.email }}
          autoFocus
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <TextField
              select
              label="Operator role"
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
              helperText="Operators see every company and the operator tools."
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': superUsersIds.role },
              }}
            >
              <MenuItem value="" data-testid={superUsersIds.roleOption('none')}>
                None (company staff)
              </MenuItem>
              {GLOBAL_ROLES.map((r) => (
                <MenuItem key={r} value={r} data-testid={superUsersIds.roleOption(r)}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="company_id"
          render={({ field, fieldState }) => (
            <CompanyPicker
              value={field.value}
              onChange={field.onChange}
              testId={superUsersIds.company}
              error={fieldState.error?.message}
            />
          )}
        />
        {companyId !== undefined && (
          <>
            <CompanyRoleField
              control={form.control}
              name="company_role"
              label="Role in the company"
              testId={superUsersIds.companyRole}
              optionTestId={superUsersIds.companyRoleOption}
            />
            <FunctionsField
              control={form.control}
              name="company_functions"
              testId={superUsersIds.functions}
            />
          </>
        )}
        <SendInvitationSwitch control={form.control} testId={superUsersIds.sendInvitation} />
      </Stack>
    </DialogForm>
  );
}

export function SuperUserCreateDialog() {
  return (
    <RouteDialog title="New user" closeTo="/super/users" maxWidth="sm" testId={superUsersIds.createDialog}>
      <CreateForm />
    </RouteDialog>
  );
}
