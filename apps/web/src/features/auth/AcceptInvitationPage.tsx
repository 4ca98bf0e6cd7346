/**
 * `/auth/accept-invitation?token=`: the link in a company's invitation to someone who already has an
 * account. It accepts once on arrival and says what happened; until then the company sees nothing of
 * the account and the account has no access to the company. The token proves the mailbox, so it works
 * signed out, or signed in as anyone.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { useSearchParams } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { useAcceptInvitation, useSignedIn } from './hooks.ts';
import { authIds } from './testids.ts';
import { isInvalidToken, NextStepButton, TokenPending, useConsumeOnce } from './token-link.tsx';

export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSignedIn();
  const accept = useAcceptInvitation();
  useConsumeOnce(token, accept.mutate);

  const next = (
    <NextStepButton
      signedIn={signedIn}
      continueLabel="Continue to Rentloop"
      continueTestId={authIds.acceptContinue}
      signInTestId={authIds.acceptSignIn}
    />
  );

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
            {isInvalidToken(accept.error) ? MESSAGES.tokenInvalid : accept.error.message}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            An invitation link works once and for 7 days. If you have not joined yet, ask the company for a
            new invitation.
          </Typography>
          {next}
        </Stack>
      ) : (
        <TokenPending label="Accepting" text="Accepting the invitation…" testId={authIds.acceptPending} />
      )}
    </AuthCard>
  );
}
