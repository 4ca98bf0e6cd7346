/**
 * The error page (spec 01 §2): 404 "Page Not Found", 500 "Internal Server Error", anything else
 * "An error occurred", with a "take me back" button to home. Above the title, the status line of §8's
 * page texts: "404 Not Found", "500 Internal Server Error" (another status: its number).
 */
import Home from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { SHELL_MESSAGES } from '@rentloop/domain/shell-messages';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { shellIds } from './testids.ts';
import { PRIMARY_TEXT } from './theme.ts';

export function errorTitle(status: number | undefined): string {
  if (status === 404) return SHELL_MESSAGES.pageNotFound;
  if (status === 500) return SHELL_MESSAGES.internalServerError;
  return SHELL_MESSAGES.anErrorOccurred;
}

export function statusLine(status: number | undefined): string | null {
  if (status === undefined) return null;
  if (status === 404) return SHELL_MESSAGES.status404;
  if (status === 500) return SHELL_MESSAGES.status500;
  return String(status);
}

export function ErrorPage({ status, message }: { status?: number; message?: string }) {
  return (
    <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Card
        variant="elevation"
        elevation={4}
        sx={{ maxWidth: 480, width: '100%', borderRadius: 3 }}
        data-testid={shellIds.errorPage}
      >
        <CardContent sx={{ p: 4, textAlign: 'center' }}>
          {status !== undefined && (
            <Typography
              component="p"
              data-testid={shellIds.errorStatus}
              sx={{
                fontSize: { xs: 30, sm: 38 },
                fontWeight: 800,
                lineHeight: 1.15,
                // The brand greens read 1.7:1 and 2.6:1 on the white card: text takes PRIMARY_TEXT.
                color: PRIMARY_TEXT,
                letterSpacing: '-0.02em',
              }}
            >
              {statusLine(status)}
            </Typography>
          )}
          <Typography variant="h5" component="h1" sx={{ mt: 1 }} data-testid={shellIds.errorTitle}>
            {errorTitle(status)}
          </Typography>
          {message && (
            <Typography color="text.secondary" sx={{ mt: 1 }} data-testid={shellIds.errorMessage}>
              {message}
            </Typography>
          )}
          <Button
            component={Link}
            to="/"
            variant="contained"
            startIcon={<Home />}
            sx={{ mt: 3 }}
            data-testid={shellIds.errorBack}
          >
            Take me back
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

/** An unmatched route. */
export function NotFoundPage() {
  return <ErrorPage status={404} message={SHELL_MESSAGES.routeNotFound} />;
}

/** The error boundary of the routes: a thrown response keeps its status; anything else has none. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        status={error.status}
        message={error.status === 404 ? SHELL_MESSAGES.routeNotFound : error.statusText}
      />
    );
  }
  return <ErrorPage message={error instanceof Error ? error.message : undefined} />;
}
