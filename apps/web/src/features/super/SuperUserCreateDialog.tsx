/**
 * `/super/users/create`: an operator creates an account, optionally as an operator (super admin,
 * support user), optionally in a company with a role and company functions, and invites it by email.
 * `?company_id=&company_role=owner` fills in the company (from "Create its owner" after a new company).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@rentloop/domain/messages';
import { COMPANY_ROLES, companyRoleSchema, GLOBAL_ROLES } from '@rentloop/domain/roles';
import { operatorUserCreateSchema } from '@rentloop/domain/users';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { applyServerErrors, isValidation } from '../../components/form-errors.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { notify } from '../../utils/notify.ts';
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

function CreateForm() {
  const { close } = useRouteDialog();
  const [params] = useSearchParams();
  const create = useCreateUser();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<Values, unknown, OperatorUserInput>({
    resolver: zodResolver(operatorUserCreateSchema),
    defaultValues: prefill(params),
  });
  const companyId = form.watch('company_id');

  const onSubmit = form.handleSubmit((values) => {
    setProblems([]);
    const payload: OperatorUserInput = values.company_id
      ? values
      : { ...values, company_id: undefined, company_functions: [] };
    create.mutate(payload, {
      onSuccess: ({ data, message }) => {
        notifyCreated(message, data.invitation);
        close(`/super/users/${data.user.id}`);
      },
      onError: (error) => {
        notify.error(error.message || MESSAGES.userCreateFailed);
        const unplaced = applyServerErrors(form, error);
        setProblems(isValidation(error) ? unplaced : [error.message, ...unplaced]);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid={superUsersIds.form}>
      <DialogContent dividers>
        <Stack spacing={2}>
          {problems.length > 0 && (
            <Alert severity="error" data-testid={superUsersIds.formError}>
              {problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="name"
            label="Name"
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': superUsersIds.name } }}
          />
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            slotProps={{ htmlInput: { 'data-testid': superUsersIds.email } }}
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
              <FormTextField
                control={form.control}
                name="company_role"
                label="Role in the company"
                select
                slotProps={{ htmlInput: { 'data-testid': superUsersIds.companyRole } }}
              >
                {COMPANY_ROLES.map((role) => (
                  <MenuItem key={role} value={role} data-testid={superUsersIds.companyRoleOption(role)}>
                    {roleLabel(role)}
                  </MenuItem>
                ))}
              </FormTextField>
              <FunctionsField
                control={form.control}
                name="company_functions"
                testId={superUsersIds.functions}
              />
            </>
          )}
          <Controller
            control={form.control}
            name="send_invitation"
            render={({ field }) => (
              <FormControlLabel
                label="Send the invitation email now"
                control={
                  <Switch
                    checked={field.value ?? true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'data-testid': superUsersIds.sendInvitation } as object }}
                  />
                }
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={() => close()} disabled={create.isPending} data-testid={superUsersIds.cancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Send />}
          loading={create.isPending}
          loadingPosition="start"
          data-testid={superUsersIds.save}
        >
          Create user
        </Button>
      </DialogActions>
    </form>
  );
}

export function SuperUserCreateDialog() {
  return (
    <RouteDialog title="New user" closeTo="/super/users" maxWidth="sm" testId={superUsersIds.createDialog}>
      <CreateForm />
    </RouteDialog>
  );
}
