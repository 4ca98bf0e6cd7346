import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { authIds } from './testids.ts';

/** The way back from an account flow to the sign-in page (apart from AuthCard: the sign-in page needs none). */
export function BackToSignIn() {
  return (
    <Button component={Link} to="/auth/login" startIcon={<ArrowBack />} data-testid={authIds.backToSignIn}>
      Back to sign in
    </Button>
  );
}
