/**
 * Spec 01 §6 route guards: a route needs a signed-in, verified user (except `public` ones); a signed-in
 * user whose email is not verified goes to auth-verify. Admin routes need owner, admin, super or
 * support; super routes need super or support (see `guardLevel`). A refused user goes to the index.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { type AuthLevel, mayOpen } from '../../app/route-meta.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentCompany } from '../companies/current-company.tsx';
import { useSignedIn } from './hooks.ts';
import { authIds } from './testids.ts';

export function RouteGuard({ level, children }: { level: AuthLevel; children: ReactNode }) {
  const signedIn = useSignedIn();
  const { status, flags, error, me } = useCurrentCompany();
  if (level === 'public') return children;
  if (!signedIn) return <Navigate to="/auth/login" replace />;
  if (me && !me.email_verified_at) return <Navigate to="/auth/verify" replace />;
  // The profile needs only the user, not a company.
  if (level === 'account' && me) return children;
  if (status === 'loading' || status === 'signed-out') return <PageLoader />;
  if (status === 'error') {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{error}</Alert>
      </Box>
    );
  }
  if (status === 'none') {
    return (
      <Box sx={{ p: 3 }} data-testid={authIds.noCompany}>
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/auth/profile" color="inherit" size="small">
              Profile
            </Button>
          }
        >
          <AlertTitle>No company yet</AlertTitle>
          Your account has no access to a company. Ask an owner of your company to add you.
        </Alert>
      </Box>
    );
  }
  if (!mayOpen(level, flags)) return <Navigate to="/" replace />;
  return children;
}
