import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { actorText } from '../../components/ActorCell.tsx';
import { CodeBlock, DetailGrid } from '../../components/DetailGrid.tsx';
import { DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { EventTypeChip } from './EventTypeChip.tsx';
import { eventSummary, objectLabel, objectPath, prettyPayload } from './event-text.ts';
import { useEvent } from './hooks.ts';
import { eventsIds } from './testids.ts';

export function EventDetailPage() {
  const id = Number(useParams().id);
  const event = useEvent(id);
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the list as it was (filters, page) when we came from it; else to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/super/events'));

  return (
    <DetailPage
      query={event}
      list={{ to: '/super/events', label: 'Event List', all: 'All events' }}
      onBack={back}
      backTestId={eventsIds.back}
      notFound="This event does not exist in the current company."
      testId={eventsIds.detailPage}
      errorTestId={eventsIds.detailError}
      header={(e) => (
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
      )}
    >
      {(e) => {
        const path = objectPath(e);
        return (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <DetailGrid>
              <DetailField label="Type" testId={eventsIds.detailField('type')}>
                {e.type}
              </DetailField>
              <DetailField label="Object" testId={eventsIds.detailField('object')}>
                {e.object}
              </DetailField>
              <DetailField label="Object id" testId={eventsIds.detailField('object_id')}>
                {path ? (
                  <Link to={path} style={{ color: 'inherit' }}>
                    {e.object_id}
                  </Link>
                ) : (
                  e.object_id
                )}
              </DetailField>
              <DetailField label="Event id" testId={eventsIds.detailField('id')}>
                {e.id}
              </DetailField>
              <DetailField label="By" testId={eventsIds.detailField('actor')}>
                {actorText({ id: e.actor_id, name: e.actor_name, email: e.actor_email })}
              </DetailField>
              <DetailField label="When" testId={eventsIds.detailField('created_at')}>
                {formatDateTime(e.created_at)}
              </DetailField>
              <DetailField label="Company" testId={eventsIds.detailField('company_id')}>
                {e.company_id === null ? 'Platform' : `#${e.company_id}`}
              </DetailField>
            </DetailGrid>
            <Card>
              <CardHeader
                title="Payload"
                subheader="What the event carries, as webhooks and notifications read it"
                slotProps={{ title: { variant: 'h6' } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <CodeBlock maxHeight={480} testId={eventsIds.payload}>
                  {prettyPayload(e.payload)}
                </CodeBlock>
              </CardContent>
            </Card>
          </Box>
        );
      }}
    </DetailPage>
  );
}
