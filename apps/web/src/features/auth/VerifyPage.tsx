/**
 * `/auth/verify`: a signed-in user whose email is not verified lands here (spec 01 §4, §6). It explains
 * why, sends the link again, and lets the user continue once the link has been opened, or sign out.
 */
import ArrowForward from '@mui/icons-material/ArrowForward';
import Logout from '@mui/icons-material/Logout';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { notify } from '../../utils/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { useLogout, useMe, useRequestVerification, useSignedIn } from './hooks.ts';
import { authIds } from './testids.ts';

export function VerifyPage() {
  const signedIn = useSignedIn();
  const me = useMe();
  const resend = useRequestVerification();
  const logout = useLogout();
  const navigate = useNavigate();

  if (!signedIn) return <Navigate to="/auth/login" replace />;
  if (me.isPending) return <PageLoader />;
  if (me.error) {
    return (
      <AuthCard title="Verify your email" testId={authIds.verifyPage}>
        <Alert severity="error">{me.error.message}</Alert>
      </AuthCard>
    );
  }

  const user = me.data;
  if (user.email_verified_at) {
    return (
      <AuthCard title="Your email is verified" testId={authIds.verifyPage}>
        <Stack spacing={2} data-testid={authIds.verifyDone}>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {user.email} is confirmed. You can use Rentloop.
          </Typography>
          <Button component={Link} to="/cms/insights" variant="contained" endIcon={<ArrowForward />}>
            Go to the insights
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (message) => notify.success(message),
      onError: (error) => notify.error(error.message),
    });
  const check = () =>
    me.refetch().then((result) => {
      if (result.data?.email_verified_at) navigate('/cms/insights', { replace: true });
      else notify.info('Your email address is not verified yet. Open the link in the email first.');
    });
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });

  return (
    <AuthCard
      title="Please verify your email"
      subtitle="One more step before you can use Rentloop"
      testId={authIds.verifyPage}
    >
      <Stack spacing={2}>
        <Alert severity="info" icon={<MarkEmailUnreadOutlined />}>
          We sent a link to{' '}
          <strong data-testid={authIds.verifyEmail} style={{ wordBreak: 'break-all' }}>
            {user.email}
          </strong>
          . Open it to confirm that the address is yours. The link is valid for 24 hours.
        </Alert>
        <Typography variant="body2" color="text.secondary">
          No email? Check the spam folder, or send the link again: a new link replaces the old one.
        </Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={<Send />}
          loading={resend.isPending}
          loadingPosition="start"
          onClick={send}
          data-testid={authIds.verifyResend}
        >
          Resend
        </Button>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button
            onClick={check}
            loading={me.isFetching}
            endIcon={<ArrowForward />}
            data-testid={authIds.verifyContinue}
          >
            I have verified it
          </Button>
          <Button
            color="inherit"
            startIcon={<Logout />}
            loading={logout.isPending}
            loadingPosition="start"
            onClick={signOut}
            data-testid={authIds.verifySignOut}
          >
            Sign out
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
