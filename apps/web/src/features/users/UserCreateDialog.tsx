/**
 * `/admin/users/create`: invite a user into the current company with a role and company functions.
 * The invitation email (unless switched off) lets a new address choose its password, and someone who
 * already has an account accept; either way the list shows the invitation (what was typed here) until
 * it is accepted, and nothing tells the two apart.
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
import { MESSAGES } from '@rentloop/domain/messages';
import { COMPANY_ROLES } from '@rentloop/domain/roles';
import { companyUserCreateSchema } from '@rentloop/domain/users';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { applyServerErrors, isValidation } from '../../components/form-errors.ts';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { notify } from '../../utils/notify.ts';
import { useCurrentCompany } from '../companies/current-company.tsx';
import { FunctionsField } from './FunctionsField.tsx';
import { type CompanyUserInput, useCreateCompanyUser } from './hooks.ts';
import { notifyCreated } from './notify-created.ts';
import { usersIds } from './testids.ts';
import { roleLabel } from './UserChips.tsx';

const schema = companyUserCreateSchema.omit({ company_id: true });

function CreateForm() {
  const { close } = useRouteDialog();
  const { search } = useLocation();
  const create = useCreateCompanyUser();
  const { flags } = useCurrentCompany();
  const mayGrantOwner = flags.isOwner || flags.isSuper || flags.isSupport;
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<z.input<typeof schema>, unknown, CompanyUserInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', role: 'user', company_functions: [], send_invitation: true },
  });

  const onSubmit = form.handleSubmit((values) => {
    setProblems([]);
    create.mutate(values, {
      onSuccess: ({ data, message }) => {
        notifyCreated(message, data.invitation);
        close(`/admin/users${search}`);
      },
      onError: (error) => {
        notify.error(error.message || MESSAGES.userCreateFailed);
        const unplaced = applyServerErrors(form, error);
        setProblems(isValidation(error) ? unplaced : [error.message, ...unplaced]);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid={usersIds.form}>
      <DialogContent dividers>
        <Stack spacing={2}>
          {problems.length > 0 && (
            <Alert severity="error" data-testid={usersIds.formError}>
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
            slotProps={{ htmlInput: { 'data-testid': usersIds.name } }}
          />
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            helperText="They join the company when they accept the emailed invitation."
            slotProps={{ htmlInput: { 'data-testid': usersIds.email } }}
          />
          <FormTextField
            control={form.control}
            name="role"
            label="Role"
            select
            helperText="Admins and owners manage users; only owners appoint owners."
            slotProps={{ htmlInput: { 'data-testid': usersIds.role } }}
          >
            {COMPANY_ROLES.map((role) => (
              <MenuItem
                key={role}
                value={role}
                disabled={role === 'owner' && !mayGrantOwner}
                data-testid={usersIds.roleOption(role)}
              >
                {roleLabel(role)}
              </MenuItem>
            ))}
          </FormTextField>
          <FunctionsField control={form.control} name="company_functions" testId={usersIds.functions} />
          <Controller
            control={form.control}
            name="send_invitation"
            render={({ field }) => (
              <FormControlLabel
                label="Send the invitation email now"
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'data-testid': usersIds.sendInvitation } as object }}
                  />
                }
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={() => close()} disabled={create.isPending} data-testid={usersIds.cancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Send />}
          loading={create.isPending}
          loadingPosition="start"
          data-testid={usersIds.save}
        >
          Invite user
        </Button>
      </DialogActions>
    </form>
  );
}

export function UserCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="Invite a user"
      closeTo={`/admin/users${search}`}
      maxWidth="sm"
      testId={usersIds.createDialog}
    >
      <CreateForm />
    </RouteDialog>
  );
}
