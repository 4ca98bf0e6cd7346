/**
 * Spec 01 §6 route guards: a route needs a signed-in, verified user (except `public` ones); a signed-in
 * user whose email is not verified goes to auth-verify. Admin routes need owner, admin, super or
 * support; super routes need super or support (see `guardLevel`). A refused user goes to the index and
 * is told why (a toast); a signed-out user goes to sign-in and comes back here afterwards (return-to.ts).
 * Operators are judged by their global role, so an empty platform (no company yet) still opens the
 * operator screens; a screen that needs a company says there is none (see `guardOutcome`).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { isOperatorUser, useCurrentCompany } from '../../app/current-company.tsx';
import { type AuthLevel, guardOutcome } from '../../app/route-meta.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { notify } from '../../utils/notify.ts';
import { useSignedIn } from './hooks.ts';
import { loginPathFor } from './return-to.ts';
import { authIds } from './testids.ts';

/** Where an operator creates the first company (route `cms-companies-create`). */
export const FIRST_COMPANY_PATH = '/cms/companies/create';

function NoCompany({ operator }: { operator: boolean }) {
  return (
    <Box sx={{ p: 3 }} data-testid={authIds.noCompany}>
      <Alert
        severity="info"
        action={
          operator ? (
            <Button
              component={Link}
              to={FIRST_COMPANY_PATH}
              color="inherit"
              size="small"
              data-testid={authIds.noCompanyCreate}
            >
              Create a company
            </Button>
          ) : (
            <Button component={Link} to="/auth/profile" color="inherit" size="small">
              Profile
            </Button>
          )
        }
      >
        <AlertTitle>No company yet</AlertTitle>
        {operator
          ? 'There is no company on the platform yet. This screen works on a company: create the first one.'
          : 'Your account has no access to a company. Ask an owner of your company to add you.'}
      </Alert>
    </Box>
  );
}

/** Why a signed-in user may not open a screen of this level, in the words the toast shows. */
export function refusalMessage(level: AuthLevel): string {
  switch (level) {
    case 'super':
      return "You don't have access to that page: it is for the platform's operators.";
    case 'admin':
      return "You don't have access to that page: it is for the company's owners and admins.";
    default:
      return "You don't have access to that page in this company.";
  }
}

/** Sends a refused user to the index, saying why (the redirect alone looked like a broken link). */
function Refused({ level }: { level: AuthLevel }) {
  useEffect(() => notify.info(refusalMessage(level)), [level]);
  return <Navigate to="/" replace />;
}

export function RouteGuard({
  level,
  needsCompany = true,
  children,
}: {
  level: AuthLevel;
  /** False for operator screens that work without a current company (see `RouteMeta.needsCompany`). */
  needsCompany?: boolean;
  children: ReactNode;
}) {
  const signedIn = useSignedIn();
  const { status, flags, error, me } = useCurrentCompany();
  const location = useLocation();
  switch (guardOutcome({ level, needsCompany, signedIn, me, status, flags })) {
    case 'open':
      return children;
    case 'sign-in':
      return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
    case 'verify':
      return <Navigate to="/auth/verify" replace />;
    case 'wait':
      return <PageLoader />;
    case 'error':
      return (
        <Box sx={{ p: 3 }}>
          <Alert severity="error">{error}</Alert>
        </Box>
      );
    case 'no-company':
      return <NoCompany operator={isOperatorUser(me)} />;
    case 'index':
      return <Refused level={level} />;
  }
}
