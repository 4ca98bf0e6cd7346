/**
 * The frame of every detail page: the way back to the list above, a skeleton while the record loads,
 * "does not exist" (a 404: the record is missing or belongs to another company) or the failure, with
 * a link to the whole list; else the header and the body.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';
import { notify } from '../utils/notify.ts';
import { useCrumbLabel } from './crumb-labels.ts';

export interface DetailPageProps<D> {
  query: { data: D | undefined; error: Error | null };
  /** The list: `to` and `label` ("Products") make the back button, `all` ("All products") the link in an error. */
  list: { to: string; label: string; all: string };
  /** Instead of linking to the list, the back button does this (back to the list as it was). */
  onBack?: () => void;
  backTestId?: string;
  /** The alert of a 404 ("This product does not exist in the current company."). */
  notFound: string;
  /** For another failure, the alert's text and a toast; without it the alert shows the error's message. */
  failed?: string;
  testId: string;
  errorTestId: string;
  /** The title row; `data` is undefined while the record loads (show skeletons). */
  header: (data: D | undefined) => ReactNode;
  children: (data: D) => ReactNode;
  /** The body's skeleton height while loading. */
  skeletonHeight?: number;
  /** Rendered after the body, loaded or not (an `<Outlet />` for the edit dialog, a confirm dialog). */
  extra?: ReactNode;
  /** The record's name for the breadcrumbs ("Daan Gagnon" rather than the route's "Customer 520"). */
  crumb?: (data: D) => string;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function DetailPage<D>({
  query,
  list,
  onBack,
  backTestId,
  notFound,
  failed,
  testId,
  errorTestId,
  header,
  children,
  skeletonHeight = 320,
  extra,
  crumb,
}: DetailPageProps<D>) {
  const { data, error } = query;
  useCrumbLabel(data !== undefined && crumb ? crumb(data) : undefined);
  useEffect(() => {
    if (failed && error && !isNotFound(error)) notify.error(failed);
  }, [error, failed]);

  const back = onBack ? (
    <Button onClick={onBack} startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }} data-testid={backTestId}>
      {list.label}
    </Button>
  ) : (
    <Button
      component={Link}
      to={list.to}
      startIcon={<ArrowBack />}
      size="small"
      sx={{ mb: 1 }}
      data-testid={backTestId}
    >
      {list.label}
    </Button>
  );

  if (error) {
    const missing = isNotFound(error);
    return (
      <Box data-testid={testId}>
        {back}
        <Alert
          severity={missing ? 'info' : 'error'}
          data-testid={errorTestId}
          action={
            <Button component={Link} to={list.to} color="inherit" size="small">
              {list.all}
            </Button>
          }
        >
          {missing ? notFound : (failed ?? error.message)}
        </Alert>
      </Box>
    );
  }

  return (
    <Box data-testid={testId}>
      {back}
      {header(data)}
      {data !== undefined ? children(data) : <Skeleton variant="rounded" height={skeletonHeight} />}
      {extra}
    </Box>
  );
}

/** A labelled value of a detail page's card; an empty value shows as a dimmed "—". */
export function DetailField({
  label,
  value,
  children,
  testId,
}: {
  label: string;
  value?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const shown = value ?? children;
  const empty = shown === null || shown === undefined || shown === '' || shown === '—';
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        data-testid={testId}
        sx={{ wordBreak: 'break-word', color: empty ? 'text.disabled' : 'text.primary' }}
      >
        {empty ? '—' : shown}
      </Typography>
    </Box>
  );
}

/** The cards of a detail page: one column, two side by side on large screens. */
export function CardGrid({ alignStart, children }: { alignStart?: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: alignStart ? 'start' : undefined,
        gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
