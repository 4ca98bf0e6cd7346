/**
 * `/auth/verify/{token}`: the link from the verification email. It verifies once on arrival and says
 * whether it worked; from here the user signs in, or (already signed in) goes to the insights.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { Link, useParams } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { useSignedIn, useVerifyEmail } from './hooks.ts';
import { authIds } from './testids.ts';
import { isInvalidToken, NextStepButton, TokenPending, useConsumeOnce } from './token-link.tsx';

export function VerifyTokenPage() {
  const { token = '' } = useParams();
  const signedIn = useSignedIn();
  const verify = useVerifyEmail();
  useConsumeOnce(token, verify.mutate);

  const next = (
    <NextStepButton
      signedIn={signedIn}
      continueLabel="Go to the insights"
      continueTestId={authIds.verifyTokenInsights}
      signInTestId={authIds.verifyTokenSignIn}
    />
  );

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
            {isInvalidToken(verify.error) ? MESSAGES.tokenInvalid : verify.error.message}
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
        <TokenPending
          label="Verifying"
          text="Verifying your email address…"
          testId={authIds.verifyTokenPending}
        />
      )}
    </AuthCard>
  );
}
