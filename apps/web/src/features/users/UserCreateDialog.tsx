/**
 * `/admin/users/create`: invite a user into the current company with a role and company functions.
 * The invitation email (unless switched off) lets a new address choose its password, and someone who
 * already has an account accept; either way the list shows the invitation (what was typed here) until
 * it is accepted, and nothing tells the two apart.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Send from '@mui/icons-material/Send';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@rentloop/domain/messages';
import { companyUserCreateSchema } from '@rentloop/domain/users';

import { useLocation } from 'react-router';
import type { z } from 'zod';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { DialogForm } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { CompanyRoleField, NameEmailFields, SendInvitationSwitch } from '../../components/UserFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { FunctionsField } from './FunctionsField.tsx';
import { type CompanyUserInput, useCreateCompanyUser } from './hooks.ts';
import { notifyCreated } from './notify-created.ts';
import { usersIds } from './testids.ts';

const schema = companyUserCreateSchema.omit({ company_id: true });

const formIds = {
  form: usersIds.form,
  problems: usersIds.formError,
  cancel: usersIds.cancel,
  save: usersIds.save,
};

function CreateForm() {
  const { close } = useRouteDialog();
  const { search } = useLocation();
  const create = useCreateCompanyUser();
  const { flags } = useCurrentCompany();
  const mayGrantOwner = flags.isOwner || flags.isSuper || flags.isSupport;
  const form = useAppForm<z.input<typeof schema>, unknown, CompanyUserInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', role: 'user', company_functions: [], send_invitation: true },
  });

  const submit = useSubmit(form, create, {
    saved: false,
    failed: MESSAGES.userCreateFailed,
    onSaved: ({ data, message }) => {
      notifyCreated(message, data.invitation);
      close(`/admin/users${search}`);
    },
  });

  return (
    <DialogForm {...submit} saveLabel="Invite user" saveIcon={<Send />} testIds={formIds}>
      <Stack spacing={2}>
        <NameEmailFields
          control={form.control}
          testIds={{ name: usersIds.name, email: usersIds.email }}
          autoFocus
          emailHelperText="They join the company when they accept the emailed invitation."
        />
        <CompanyRoleField
          control={form.control}
          name="role"
          helperText="Admins and owners manage users; only owners appoint owners."
          mayGrantOwner={mayGrantOwner}
          testId={usersIds.role}
          optionTestId={usersIds.roleOption}
        />
        <FunctionsField control={form.control} name="company_functions" testId={usersIds.functions} />
        <SendInvitationSwitch control={form.control} testId={usersIds.sendInvitation} />
      </Stack>
    </DialogForm>
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
