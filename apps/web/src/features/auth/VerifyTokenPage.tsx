/**
 * `/auth/verify/{token}`: the link from the verification email. It verifies once on arrival and says
 * whether it worked; from here the user signs in, or (already signed in) goes to the insights.
 */
import ArrowForward from '@mui/icons-material/ArrowForward';
import Login from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { AuthCard } from './AuthCard.tsx';
import { useSignedIn, useVerifyEmail } from './hooks.ts';
import { authIds } from './testids.ts';

export function VerifyTokenPage() {
  const { token = '' } = useParams();
  const signedIn = useSignedIn();
  const verify = useVerifyEmail();
  const started = useRef<string | null>(null);
  const { mutate } = verify;

  // A token is single-use: call once per token, also under StrictMode's repeated effects.
  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    mutate(token);
  }, [token, mutate]);

  const next = signedIn ? (
    <Button
      component={Link}
      to="/cms/insights"
      variant="contained"
      endIcon={<ArrowForward />}
      data-testid={authIds.verifyTokenInsights}
    >
      Go to the insights
    </Button>
  ) : (
    <Button
      component={Link}
      to="/auth/login"
      variant="contained"
      startIcon={<Login />}
      data-testid={authIds.verifyTokenSignIn}
    >
      Sign in
    </Button>
  );

  // A 422 means the token is unknown, used or expired; anything else is a failure to report as it is.
  const invalid = verify.error instanceof ApiError && verify.error.status === 422;

  return (
    <AuthCard title="Email verification" testId={authIds.verifyTokenPage}>
      {verify.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid={authIds.verifyTokenSuccess}>
            {verify.data || MESSAGES.emailVerified} Your email address is confirmed.
          </Alert>
          {next}
        </Stack>
      ) : verify.isError ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid={authIds.verifyTokenError}>
            {invalid ? MESSAGES.tokenInvalid : verify.error.message}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {signedIn
              ? 'Send yourself a new link from the verification page.'
              : 'Sign in to send yourself a new link.'}
          </Typography>
          {signedIn ? (
            <Button component={Link} to="/auth/verify" variant="contained">
              Send a new link
            </Button>
          ) : (
            next
          )}
        </Stack>
      ) : (
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}
          data-testid={authIds.verifyTokenPending}
        >
          <CircularProgress size={24} aria-label="Verifying" />
          <Typography color="text.secondary">Verifying your email address…</Typography>
        </Box>
      )}
    </AuthCard>
  );
}
