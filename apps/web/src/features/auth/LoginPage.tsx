import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loginSchema } from '@rentloop/domain/auth';

import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppForm } from '../../components/use-app-form.ts';
import { AuthCard } from './AuthCard.tsx';
import { useLogin, useSignedIn } from './hooks.ts';
import type { LoginLocationState } from './PasswordResetPage.tsx';
import { NEXT_PARAM, safeNext } from './return-to.ts';
import { authIds } from './testids.ts';

export function LoginPage() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const login = useLogin();
  // After a new password the email is filled in.
  const { state } = useLocation() as { state: LoginLocationState | null };
  // A signed-out deep link: where to go once signed in (the guard put it in the URL).
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get(NEXT_PARAM));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: state?.email ?? '', password: '' },
  });

  if (signedIn && !login.isPending && !login.isSuccess) return <Navigate to={next} replace />;

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, { onSuccess: () => navigate(next, { replace: true }) });
  });

  return (
    <AuthCard title="Sign in to Rentloop" subtitle="Your subscription and rental back office">
      <Box component="form" noValidate onSubmit={onSubmit} data-testid={authIds.loginForm}>
        <Stack spacing={2}>
          {login.error && (
            <Alert severity="error" data-testid={authIds.loginError}>
              {login.error.message}
            </Alert>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus={!state?.email}
            fullWidth
            size="medium"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            slotProps={{ htmlInput: { 'data-testid': authIds.loginEmail } }}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(state?.email)}
            fullWidth
            size="medium"
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            slotProps={{ htmlInput: { 'data-testid': authIds.loginPassword } }}
            {...register('password')}
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
