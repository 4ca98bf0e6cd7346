/**
 * What the pages behind a mailed single-use link share (`/auth/verify/{token}`,
 * `/auth/accept-invitation?token=`): the token is sent once on arrival, a spinner while it is, and the
 * way on afterwards (the insights when signed in, else the sign-in page).
 */
import ArrowForward from '@mui/icons-material/ArrowForward';
import Login from '@mui/icons-material/Login';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';

/** Sends `token` once, also under StrictMode's repeated effects: a token works only once. */
export function useConsumeOnce(token: string, mutate: (token: string) => void) {
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    mutate(token);
  }, [token, mutate]);
}

/** A 422 means the token is unknown, used or expired; anything else is a failure to report as it is. */
export const isInvalidToken = (error: unknown) => error instanceof ApiError && error.status === 422;

export function NextStepButton(props: {
  signedIn: boolean;
  continueLabel: string;
  continueTestId: string;
  signInTestId: string;
}) {
  return props.signedIn ? (
    <Button
      component={Link}
      to="/cms/insights"
      variant="contained"
      endIcon={<ArrowForward />}
      data-testid={props.continueTestId}
    >
      {props.continueLabel}
    </Button>
  ) : (
    <Button
      component={Link}
      to="/auth/login"
      variant="contained"
      startIcon={<Login />}
      data-testid={props.signInTestId}
    >
      Sign in
    </Button>
  );
}

export function TokenPending({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}
      data-testid={testId}
    >
      <CircularProgress size={24} aria-label={label} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
