import { Navigate } from 'react-router';
import { useSignedIn } from './hooks.ts';

/** `/`: the insights when signed in, the sign-in page otherwise. */
export function IndexRedirect() {
  const signedIn = useSignedIn();
  return <Navigate to={signedIn ? '/cms/insights' : '/auth/login'} replace />;
}
