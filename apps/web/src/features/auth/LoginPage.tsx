import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PlainTextField } from '../../components/PlainTextField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useLogin, useSignedIn } from './hooks.ts';
import type { LoginLocationState } from './PasswordResetPage.tsx';
import { NEXT_PARAM, safeNext } from './return-to.ts';
import { authIds } from './testids.ts';
import { useSignInForm } from './use-sign-in-form.ts';

/**
 * The sign-in page. Its form has no zod and no react-hook-form (decision 101): it is the first screen
 * everybody loads, and those two were 41 kB gzip of it; `useSignInForm` checks as `loginSchema` does.
 */
export function LoginPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const login = useLogin();
  // After a new password the email is filled in.
  const { state } = useLocation() as { state: LoginLocationState | null };
  // A signed-out deep link: where to go once signed in (the guard put it in the URL).
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get(NEXT_PARAM));
  const { field, onSubmit } = useSignInForm({ email: state?.email ?? '', password: '' }, (values) =>
    login.mutate(values, { onSuccess: () => navigate(next, { replace: true }) }),
  );

  if (signedIn && !login.isPending && !login.isSuccess) return <Navigate to={next} replace />;

  return (
    <AuthCard title="Sign in to Rentloop" subtitle="Your subscription and rental back office">
      <Box component="form" noValidate onSubmit={onSubmit} data-testid={authIds.loginForm}>
        <Stack spacing={2}>
          {login.error && (
            <Alert severity="error" data-testid={authIds.loginError}>
              {login.error.message}
            </Alert>
          )}
          <PlainTextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus={!state?.email}
            testId={authIds.loginEmail}
            {...field('email')}
          />
          <PlainTextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(state?.email)}
            testId={authIds.loginPassword}
            {...field('password')}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<LockOutlined />}
            loading={login.isPending}
            data-testid={authIds.loginSubmit}
          >
            Sign in
          </Button>
          <Link
            component={RouterLink}
            to="/auth/password-forgot"
            variant="body2"
            sx={{ alignSelf: 'center' }}
            data-testid={authIds.forgotLink}
          >
            Forgot password?
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
