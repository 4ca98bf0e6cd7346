/**
 * `/auth/profile`: your name and email, your password, and which toasts you see (spec 01 §6 "Alert
 * visibility": errors, warnings and successes per preference, default on; info always).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import LockReset from '@mui/icons-material/LockReset';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Me } from '@rentloop/domain/auth';
import { MESSAGES } from '@rentloop/domain/messages';
import { profileUpdateSchema } from '@rentloop/domain/users';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { CardForm } from '../../components/CardForm.tsx';
import { CardGrid } from '../../components/DetailPage.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { NameEmailFields, NewPasswordFields } from '../../components/UserFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { formatDate } from '../../utils/dates.ts';
import { notify, setToastPreferences } from '../../utils/notify.ts';
import { type OwnPasswordForm, ownPasswordFormSchema } from '../auth/password-form.ts';
import { useChangePassword, useUpdateUser } from '../users/hooks.ts';
import { profileIds } from './testids.ts';

const detailsSchema = profileUpdateSchema
  .required({ name: true, email: true })
  .pick({ name: true, email: true });

function DetailsCard({ me }: { me: Me }) {
  const update = useUpdateUser(me.id);
  const form = useAppForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: me.name, email: me.email },
  });
  const { onSubmit, isDirty } = useSubmit(form, update, {
    saved: MESSAGES.profileUpdated,
    failed: MESSAGES.profileUpdateFailed,
    preferFailed: true,
    onSaved: ({ data: user }) => form.reset({ name: user.name, email: user.email }),
  });
  return (
    <CardForm
      title="Details"
      subheader="Name and email, trimmed of spaces"
      onSubmit={onSubmit}
      isDirty={isDirty}
      saving={update.isPending}
      saveLabel="Save details"
      saveDisabled={!form.formState.isDirty}
      testIds={{ form: profileIds.detailsForm, save: profileIds.saveDetails }}
    >
      <NameEmailFields
        control={form.control}
        testIds={{ name: profileIds.name, email: profileIds.email }}
        autoComplete
        emailHelperText="A new address must be verified again: we send it a link."
      />
    </CardForm>
  );
}

function PasswordCard({ me }: { me: Me }) {
  const change = useChangePassword(me.id);
  const form = useAppForm<OwnPasswordForm>({
    resolver: zodResolver(ownPasswordFormSchema),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const { onSubmit, isDirty } = useSubmit(form, change, {
    payload: ({ current_password, password }) => ({ current_password, password }),
    saved: MESSAGES.passwordChanged,
    failed: MESSAGES.passwordChangeFailed,
    preferFailed: true,
    // Empty again: the saved values became the form's baseline (useSubmit), so a bare reset() would
    // put the passwords back.
    onSaved: () => form.reset({ current_password: '', password: '', confirm: '' }),
  });
  return (
    <CardForm
      title="Password"
      subheader="Changing it signs you out everywhere else"
      onSubmit={onSubmit}
      isDirty={isDirty}
      saving={change.isPending}
      saveLabel="Change password"
      saveIcon={<LockReset />}
      testIds={{ form: profileIds.passwordForm, save: profileIds.savePassword }}
      before={<input type="hidden" autoComplete="username" value={me.email} readOnly />}
    >
      <FormTextField
        control={form.control}
        name="current_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        slotProps={{ htmlInput: { 'data-testid': profileIds.currentPassword } }}
      />
      <NewPasswordFields
        control={form.control}
        testIds={{ password: profileIds.newPassword, confirm: profileIds.confirmPassword }}
      />
    </CardForm>
  );
}

type PreferenceKey = 'show_errors' | 'show_warnings' | 'show_successes';

const PREFERENCES: { key: PreferenceKey; label: string; description: string }[] = [
  { key: 'show_errors', label: 'Errors', description: 'When something could not be done.' },
  {
    key: 'show_warnings',
    label: 'Warnings',
    description: 'Problems worth a look, such as a list that could not load. Shown in operator companies.',
  },
  { key: 'show_successes', label: 'Successes', description: 'Confirmations such as “Profile updated.”' },
];

function AlertsCard({ me }: { me: Me }) {
  const update = useUpdateUser(me.id);
  const { company } = useCurrentCompany();
  const toggle = (key: PreferenceKey, value: boolean) =>
    update.mutate(
      { [key]: value },
      {
        onSuccess: ({ data: user, message }) => {
          // The new preferences count from this very toast on.
          setToastPreferences({
            showErrors: user.show_errors,
            showWarnings: user.show_warnings,
            showSuccesses: user.show_successes,
            companyIsSuper: company?.flags.isSuper ?? false,
          });
          notify.success(message || MESSAGES.profileUpdated);
        },
        onError: () => notify.error(MESSAGES.profileUpdateFailed),
      },
    );
  const pending = update.isPending ? update.variables : undefined;
  return (
    <Card>
      <CardHeader
        title="Alerts"
        subheader="Which messages pop up in the corner of the screen"
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack divider={<Divider flexItem />} spacing={1}>
          {PREFERENCES.map(({ key, label, description }) => {
            const checked = pending && key in pending ? Boolean(pending[key]) : me[key];
            return (
              <FormControlLabel
                key={key}
                sx={{ alignItems: 'flex-start', mx: 0, gap: 1 }}
                control={
                  <Switch
                    checked={checked}
                    disabled={update.isPending}
                    onChange={(event) => toggle(key, event.target.checked)}
                    slotProps={{ input: { 'data-testid': profileIds.preference(key) } as object }}
                  />
                }
                label={
                  <Box sx={{ pt: 0.75 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {description}
                    </Typography>
                  </Box>
                }
              />
            );
          })}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          Information messages are always shown.
        </Typography>
      </CardContent>
    </Card>
  );
}

function CompaniesCard({ me }: { me: Me }) {
  const companies = me.companies.filter((c) => c.hasCompanyAccess);
  return (
    <Card>
      <CardHeader
        title="Account"
        subheader={`Member since ${formatDate(me.created_at)}`}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {me.role && (
          <Chip
            label={me.role === 'super-admin' ? 'Super admin' : 'Support user'}
            color="secondary"
            size="small"
            sx={{ mb: 1 }}
          />
        )}
        {companies.length > 0 ? (
          <List dense disablePadding data-testid={profileIds.companies}>
            {companies.map((c) => (
              <ListItem key={c.id} disableGutters data-testid={profileIds.company(c.id)}>
                <ListItemText primary={c.name} secondary={c.currency} />
                <Chip label={c.role} size="small" variant="outlined" sx={{ textTransform: 'capitalize' }} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid={profileIds.companies}>
            {me.role ? 'Operators open every company from the company switcher.' : 'No company yet.'}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const { me } = useCurrentCompany();
  if (!me) return <PageLoader />;
  return (
    <Box data-testid={profileIds.page}>
      <PageHeader title="Profile" subtitle={me.email} />
      <CardGrid alignStart>
        <Stack spacing={2}>
          <DetailsCard me={me} />
          <AlertsCard me={me} />
        </Stack>
        <Stack spacing={2}>
          <PasswordCard me={me} />
          <CompaniesCard me={me} />
        </Stack>
      </CardGrid>
    </Box>
  );
}
