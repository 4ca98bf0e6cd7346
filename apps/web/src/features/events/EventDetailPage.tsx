/**
 * `/super/events/{id}`: one event — type, object, who, when, scope — and its payload pretty-printed.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { EventTypeChip } from './EventTypeChip.tsx';
import { eventSummary, objectLabel, objectPath, prettyPayload } from './event-text.ts';
import { useEvent } from './hooks.ts';
import { eventsIds } from './testids.ts';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  const empty = children === null || children === undefined || children === '';
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
        {empty ? '—' : children}
      </Typography>
    </Box>
  );
}

export function EventDetailPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const navigate = useNavigate();
  const location = useLocation();
  const e = event.data;
  // Back to the list as it was (filters, page) when we came from it; else to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/super/events'));

  const backButton = (
    <Button onClick={back} startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }} data-testid={eventsIds.back}>
      Event List
    </Button>
  );

  if (event.error) {
    const missing = event.error instanceof ApiError && event.error.status === 404;
    return (
      <Box data-testid={eventsIds.detailPage}>
        {backButton}
        <Alert
          severity={missing ? 'info' : 'error'}
          data-testid={eventsIds.detailError}
          action={
            <Button component={Link} to="/super/events" color="inherit" size="small">
              All events
            </Button>
          }
        >
          {missing ? 'This event does not exist in the current company.' : event.error.message}
        </Alert>
      </Box>
    );
  }

  const path = e ? objectPath(e) : null;
  return (
    <Box data-testid={eventsIds.detailPage}>
      {backButton}
      <PageHeader
        title={e ? objectLabel(e) : <Skeleton width={240} />}
        subtitle={
          e ? (
            `Event ${e.id} · ${formatDateTime(e.created_at)}${eventSummary(e) ? ` · ${eventSummary(e)}` : ''}`
          ) : (
            <Skeleton width={180} />
          )
        }
        actions={e ? <EventTypeChip type={e.type} /> : undefined}
      />
      {e ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card>
            <CardContent>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
                }}
              >
                <Field label="Type" testId={eventsIds.detailField('type')}>
                  {e.type}
                </Field>
                <Field label="Object" testId={eventsIds.detailField('object')}>
                  {e.object}
                </Field>
                <Field label="Object id" testId={eventsIds.detailField('object_id')}>
                  {path ? (
                    <Link to={path} style={{ color: 'inherit' }}>
                      {e.object_id}
                    </Link>
                  ) : (
                    e.object_id
                  )}
                </Field>
                <Field label="Event id" testId={eventsIds.detailField('id')}>
                  {e.id}
                </Field>
                <Field label="By" testId={eventsIds.detailField('actor')}>
                  {e.actor_id
                    ? `${e.actor_name ?? `User #${e.actor_id}`}${e.actor_email ? ` (${e.actor_email})` : ''}`
                    : 'System'}
                </Field>
                <Field label="When" testId={eventsIds.detailField('created_at')}>
                  {formatDateTime(e.created_at)}
                </Field>
                <Field label="Company" testId={eventsIds.detailField('company_id')}>
                  {e.company_id === null ? 'Platform' : `#${e.company_id}`}
                </Field>
              </Box>
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title="Payload"
              subheader="What the event carries, as webhooks and notifications read it"
              slotProps={{ title: { variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <Box
                component="pre"
                data-testid={eventsIds.payload}
                sx={{
                  m: 0,
                  p: 1.5,
                  fontSize: 13,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  maxHeight: 480,
                  overflow: 'auto',
                }}
              >
                {prettyPayload(e.payload)}
              </Box>
            </CardContent>
          </Card>
        </Box>
      ) : (
        <Skeleton variant="rounded" height={320} />
      )}
    </Box>
  );
}
