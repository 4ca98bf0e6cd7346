/**
 * `/super/users/{id}`: an operator edits any account — name, email, active or disabled — sets its
 * password, sees its companies, and deletes it.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LockReset from '@mui/icons-material/LockReset';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { profileUpdateSchema, type User } from '@rentloop/domain/users';
import { useState } from 'react';

import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { CardForm } from '../../components/CardForm.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CardGrid, DetailPage } from '../../components/DetailPage.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { NameEmailFields, NewPasswordFields } from '../../components/UserFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { formatDate, formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { type NewPasswordForm, newPasswordFormSchema } from '../auth/password-form.ts';
import { useChangePassword, useDeleteUser, useUpdateUser, useUser, useUserActions } from '../users/hooks.ts';
import { usersIds } from '../users/testids.ts';
import { FunctionChips, RoleChip } from '../users/UserChips.tsx';
import { superUsersIds } from './testids.ts';

/** Name and email, and the status: an invited account keeps "invited" until it sets a password. */
const detailsSchema = profileUpdateSchema
  .pick({ name: true, email: true })
  .required()
  .extend({ status: z.enum(['active', 'disabled', 'invited']) });
type Details = z.infer<typeof detailsSchema>;

function DetailsCard({ user, self }: { user: User; self: boolean }) {
  const update = useUpdateUser(user.id);
  // The statuses the server accepts now (its transition table): the current one and each action's target.
  const actions = useUserActions(user.id, user.status);
  const offered = (status: User['status']) =>
    status === user.status ||
    (actions.data ? actions.data.actions.some((a) => a.to === status) : !(self && status === 'disabled'));
  const form = useAppForm<Details>({
    resolver: zodResolver(detailsSchema),
    values: { name: user.name, email: user.email, status: user.status },
  });
  const { onSubmit, isDirty } = useSubmit(form, update, {
    // The status is sent only when it changes, and "invited" is never set by hand.
    payload: ({ name, email, status }) =>
      status !== user.status && status !== 'invited' ? { name, email, status } : { name, email },
    saved: MESSAGES.userUpdated,
    failed: MESSAGES.profileUpdateFailed,
  });
  return (
    <CardForm
      title="Account"
      onSubmit={onSubmit}
      isDirty={isDirty}
      saving={update.isPending}
      saveLabel="Save"
      saveDisabled={!form.formState.isDirty}
      testIds={{ form: superUsersIds.detailForm, save: superUsersIds.detailSave }}
    >
      <NameEmailFields
        control={form.control}
        testIds={{ name: superUsersIds.detailNameField, email: superUsersIds.detailEmailField }}
      />
      <FormTextField
        control={form.control}
        name="status"
        label="Status"
        select
        helperText={
          self
            ? 'You cannot disable your own account.'
            : 'A disabled account cannot sign in; its sessions end at once.'
        }
        slotProps={{ htmlInput: { 'data-testid': superUsersIds.detailStatus } }}
      >
        <MenuItem
          value="active"
          disabled={!offered('active')}
          data-testid={superUsersIds.statusOption('active')}
        >
          Active
        </MenuItem>
        <MenuItem
          value="disabled"
          disabled={!offered('disabled')}
          data-testid={superUsersIds.statusOption('disabled')}
        >
          Disabled
        </MenuItem>
        {user.status === 'invited' && (
          <MenuItem value="invited" data-testid={superUsersIds.statusOption('invited')}>
            Invited (not accepted yet)
          </MenuItem>
        )}
      </FormTextField>
    </CardForm>
  );
}

function PasswordCard({ user }: { user: User }) {
  const change = useChangePassword(user.id);
  const form = useAppForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { onSubmit, isDirty } = useSubmit(form, change, {
    payload: ({ password }) => ({ password }),
    saved: MESSAGES.passwordChanged,
    failed: MESSAGES.passwordChangeFailed,
    preferFailed: true,
    // Empty again: the saved values became the form's baseline (useSubmit), so a bare reset() would
    // put the passwords back.
    onSaved: () => form.reset({ password: '', confirm: '' }),
  });
  return (
    <CardForm
      title="Set a password"
      subheader="Every session of the account ends; tell the user the new password in person"
      onSubmit={onSubmit}
      isDirty={isDirty}
      saving={change.isPending}
      saveLabel="Set password"
      saveIcon={<LockReset />}
      testIds={{ form: superUsersIds.passwordForm, save: superUsersIds.passwordSave }}
      before={<input type="hidden" autoComplete="username" value={user.email} readOnly />}
    >
      <NewPasswordFields
        control={form.control}
        testIds={{ password: superUsersIds.password, confirm: superUsersIds.confirm }}
      />
    </CardForm>
  );
}

function MembershipsCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader title="Companies" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {user.companies.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid={superUsersIds.memberships}>
            {user.role ? 'An operator: sees every company.' : 'Not in any company.'}
          </Typography>
        ) : (
          <List dense disablePadding data-testid={superUsersIds.memberships}>
            {user.companies.map((c) => (
              <ListItem key={c.id} disableGutters divider data-testid={superUsersIds.membership}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/super/companies/${c.id}`} underline="hover">
                      {c.name}
                    </Link>
                  }
                  secondary={<FunctionChips functions={c.company_functions} />}
                  slotProps={{ secondary: { component: 'div', sx: { mt: 0.5 } } }}
                />
                <RoleChip role={c.role} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function useDeleteUserDialog(user: User | undefined) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteUser();
  const navigate = useNavigate();
  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.userDeleted);
        setOpen(false);
        navigate('/super/users', { replace: true });
      },
      onError: (error) =>
        notify.error(
          error instanceof ApiError && error.status === 409
            ? `${MESSAGES.userDeleteFailed} ${error.message}`
            : MESSAGES.userDeleteFailed,
        ),
    });
  };
  const dialog = user && (
    <ConfirmDialog
      open={open}
      title={`Delete ${user.name}?`}
      confirmLabel="Delete user"
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={() => setOpen(false)}
    >
      The account {user.email} is deleted and leaves every company. Its past changes stay in the history logs.
    </ConfirmDialog>
  );
  return { openDelete: () => setOpen(true), deleteDialog: dialog };
}

export function SuperUserDetailPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  const { me } = useCurrentCompany();
  const u = user.data;
  const self = me?.id === id;
  const { openDelete, deleteDialog } = useDeleteUserDialog(u);

  return (
    <DetailPage
      query={user}
      list={{ to: '/super/users', label: 'Users', all: 'All users' }}
      crumb={(u) => u.name}
      notFound="This user does not exist (any more)."
      failed={MESSAGES.userFetchFailed}
      testId={superUsersIds.detailPage}
      errorTestId={superUsersIds.detailError}
      header={(u) => (
        <PageHeader
          title={
            u ? (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
              >
                <span data-testid={superUsersIds.detailName}>{u.name}</span>
                <StatusChip status={u.status} testId={usersIds.statusChip} />
                <RoleChip role={u.role} />
              </Box>
            ) : (
              <Skeleton width={260} />
            )
          }
          subtitle={
            u ? (
              `${u.email} · since ${formatDate(u.created_at)} · ${
                u.email_verified_at ? `verified ${formatDateTime(u.email_verified_at)}` : 'email not verified'
              }`
            ) : (
              <Skeleton width={240} />
            )
          }
          actions={
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={openDelete}
              disabled={!u || self}
              data-testid={superUsersIds.delete}
            >
              Delete user
            </Button>
          }
        />
      )}
      extra={deleteDialog}
    >
      {(u) => (
        <CardGrid alignStart>
          <Stack spacing={2}>
            <DetailsCard user={u} self={self} />
            <MembershipsCard user={u} />
          </Stack>
          <PasswordCard user={u} />
        </CardGrid>
      )}
    </DetailPage>
  );
}
