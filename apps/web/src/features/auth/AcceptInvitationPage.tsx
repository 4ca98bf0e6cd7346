/**
 * `/auth/accept-invitation?token=`: the link in a company's invitation to someone who already has an
 * account. It accepts once on arrival and says what happened; until then the company sees nothing of
 * the account and the account has no access to the company. The token proves the mailbox, so it works
 * signed out, or signed in as anyone.
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
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAcceptInvitation, useSignedIn } from './hooks.ts';
import { authIds } from './testids.ts';

export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSignedIn();
  const accept = useAcceptInvitation();
  const started = useRef<string | null>(null);
  const { mutate } = accept;

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
      data-testid={authIds.acceptContinue}
    >
      Continue to Rentloop
    </Button>
  ) : (
    <Button
      component={Link}
      to="/auth/login"
      variant="contained"
      startIcon={<Login />}
      data-testid={authIds.acceptSignIn}
    >
      Sign in
    </Button>
  );

  // A 422 means the token is unknown, used, expired or withdrawn; anything else is reported as it is.
  const invalid = accept.error instanceof ApiError && accept.error.status === 422;

  return (
    <AuthCard title="Invitation" testId={authIds.acceptPage}>
      {accept.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid={authIds.acceptSuccess}>
            {accept.data.message || MESSAGES.invitationAccepted(accept.data.company.name)}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {accept.data.company.name} is in the company switcher of the account the invitation was sent to.
          </Typography>
          {next}
        </Stack>
      ) : accept.isError ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid={authIds.acceptError}>
            {invalid ? MESSAGES.tokenInvalid : accept.error.message}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            An invitation link works once and for 7 days. If you have not joined yet, ask the company for a
            new invitation.
          </Typography>
          {next}
        </Stack>
      ) : (
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}
          data-testid={authIds.acceptPending}
        >
          <CircularProgress size={24} aria-label="Accepting" />
          <Typography color="text.secondary">Accepting the invitation…</Typography>
        </Box>
      )}
    </AuthCard>
  );
}
