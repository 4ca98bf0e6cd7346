/**
 * `/auth/password-reset?token&email` and `/auth/password-create?token&email`: the links from the reset
 * and invitation emails. Both set a password with the token; the first chooses a new one, the second
 * the first password of an invited user. Then the user signs in.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@rentloop/domain/messages';

import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { NewPasswordFields } from '../../components/UserFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { AuthCard } from './AuthCard.tsx';
import { BackToSignIn } from './BackToSignIn.tsx';
import { useResetPassword } from './hooks.ts';
import { type NewPasswordForm, newPasswordFormSchema } from './password-form.ts';
import { authIds } from './testids.ts';

const WORDING = {
  reset: {
    title: 'Choose a new password',
    subtitle: 'Your old password stops working, and every session of your account ends.',
    submit: 'Save the new password',
    again: { to: '/auth/password-forgot', label: 'Ask for a new link' },
  },
  create: {
    title: 'Welcome to Rentloop',
    subtitle: 'Choose the password you will sign in with.',
    submit: 'Set my password',
    again: null,
  },
} as const;

/** The state the sign-in page reads to fill in the email. */
export interface LoginLocationState {
  email?: string;
}

export function PasswordResetPage({ mode }: { mode: 'reset' | 'create' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const wording = WORDING[mode];
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useAppForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const { onSubmit } = useSubmit(form, reset, {
    payload: ({ password }) => ({ token, email, password }),
    saved: MESSAGES.passwordReset,
    onSaved: () => {
      const state: LoginLocationState = { email };
      navigate('/auth/login', { replace: true, state });
    },
  });

  // A 422 on the token (or the email it belongs to) is a dead link; a password problem sits on its field.
  const deadLink =
    reset.error instanceof ApiError &&
    reset.error.status === 422 &&
    Boolean(reset.error.errors?.token || reset.error.errors?.email);

  const invalidLink = (
    <Alert severity="error" data-testid={authIds.resetInvalidLink}>
      {MESSAGES.tokenInvalid}{' '}
      {wording.again ? (
        <Link component={RouterLink} to={wording.again.to}>
          {wording.again.label}
        </Link>
      ) : (
        'Ask the person who invited you to send the invitation again.'
      )}
    </Alert>
  );

  // A link without its token or email can never work: nothing to fill in.
  if (!token || !email) {
    return (
      <AuthCard title={wording.title} testId={authIds.resetPage}>
        <Stack spacing={2}>
          {invalidLink}
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={wording.title} subtitle={wording.subtitle} testId={authIds.resetPage}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {deadLink && invalidLink}
          {reset.error && !deadLink && !(reset.error instanceof ApiError && reset.error.errors) && (
            <Alert severity="error" data-testid={authIds.resetError}>
              {reset.error.message}
            </Alert>
          )}
          <TextField
            label="Email"
            value={email}
            size="medium"
            autoComplete="username"
            disabled
            slotProps={{ htmlInput: { 'data-testid': authIds.resetEmail } }}
          />
          <NewPasswordFields
            control={form.control}
            label={mode === 'create' ? 'Password' : 'New password'}
            autoFocus
            size="medium"
            testIds={{ password: authIds.resetPassword, confirm: authIds.resetConfirm }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<LockReset />}
            loading={reset.isPending}
            loadingPosition="start"
            data-testid={authIds.resetSubmit}
          >
            {wording.submit}
          </Button>
          <BackToSignIn />
        </Stack>
      </Box>
    </AuthCard>
  );
}

export const PasswordCreatePage = () => <PasswordResetPage mode="create" />;
export const PasswordResetOnlyPage = () => <PasswordResetPage mode="reset" />;
