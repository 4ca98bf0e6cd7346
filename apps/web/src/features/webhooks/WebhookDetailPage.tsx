/**
 * `/admin/webhooks/{id}`: one webhook: its endpoint, event types, state (and why the product disabled it),
 * the actions (edit, send a test event, fire for a record, rotate the secret, delete) and its deliveries,
 * paged, with each one's status, attempts, response code, duration and next retry, and a resend.
 */
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Webhook, WebhookDelivery } from '@rentloop/domain/webhooks';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useResendDelivery, useSendTestEvent, useWebhook, useWebhookDeliveries } from './hooks.ts';
import { webhooksIds } from './testids.ts';
import { useDeleteWebhookConfirm } from './use-delete-webhook.tsx';
import { LastDelivery } from './WebhooksPage.tsx';
import { useWebhookActions } from './webhook-actions.tsx';
import { eventTypeLabel } from './webhook-form.ts';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
];

const duration = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

function Actions({ webhook }: { webhook: Webhook }) {
  const navigate = useNavigate();
  const test = useSendTestEvent(webhook.id);
  const { openFire, openRotate } = useWebhookActions();
  const { askDelete, confirm } = useDeleteWebhookConfirm(() => navigate('/admin/webhooks'));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Button
        variant="contained"
        size="small"
        disabled={test.isPending}
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: ({ message, delivery }) =>
              delivery.status === 'succeeded'
                ? notify.success(message || MESSAGES.webhookFired)
                : notify.warning(
                    `${message || MESSAGES.webhookFired} The endpoint did not accept it${delivery.last_status_code ? ` (HTTP ${delivery.last_status_code})` : ''}.`,
                  ),
            onError: (error) => notify.error(error.message || MESSAGES.webhookFireFailed),
          })
        }
        data-testid={webhooksIds.sendTest}
      >
        Send test event
      </Button>
      <Button
        variant="outlined"
        size="small"
        onClick={() => openFire(webhook)}
        data-testid={webhooksIds.fire}
      >
        Fire for a record
      </Button>
      <Button
        variant="outlined"
        size="small"
        component={Link}
        to={`/admin/webhooks/${webhook.id}/edit`}
        startIcon={<EditOutlined fontSize="small" />}
        data-testid={webhooksIds.edit}
      >
        Edit
      </Button>
      <Button
        variant="outlined"
        size="small"
        onClick={() => openRotate(webhook)}
        data-testid={webhooksIds.rotate}
      >
        Rotate secret
      </Button>
      <Button
        variant="outlined"
        color="error"
        size="small"
        startIcon={<DeleteOutlined fontSize="small" />}
        onClick={() => askDelete(webhook)}
        data-testid={webhooksIds.deleteOne}
      >
        Delete
      </Button>
      {confirm}
    </Box>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const state = useListState();
  const deliveries = useWebhookDeliveries(webhook.id, state);
  const resend = useResendDelivery(webhook.id);
  const columns: Column<WebhookDelivery>[] = [
    {
      id: 'type',
      label: 'Event',
      render: (d) => (
        <Box>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {d.type}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(d.created_at)}
          </Typography>
        </Box>
      ),
    },
    { id: 'status', label: 'Status', render: (d) => <StatusChip status={d.status} /> },
    { id: 'attempts', label: 'Attempts', align: 'right', render: (d) => d.attempts },
    {
      id: 'code',
      label: 'Response',
      render: (d) => (d.last_status_code === null ? '—' : `HTTP ${d.last_status_code}`),
    },
    { id: 'duration', label: 'Duration', hideOnMobile: true, render: (d) => duration(d.last_duration_ms) },
    {
      id: 'next',
      label: 'Next retry',
      hideOnMobile: true,
      render: (d) => (d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—'),
    },
    {
      id: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      link: false,
      render: (d) => (
        <Button
          size="small"
          startIcon={<Replay fontSize="small" />}
          disabled={resend.isPending}
          aria-label={`Resend delivery ${d.id}`}
          onClick={(event) => {
            event.stopPropagation();
            resend.mutate(d.id, {
              onSuccess: ({ message }) => notify.success(message || MESSAGES.webhookFired),
              onError: (error) => notify.error(error.message || MESSAGES.webhookFireFailed),
            });
          }}
          data-testid={webhooksIds.resend(d.id)}
        >
          Resend
        </Button>
      ),
    },
  ];
  return (
    <Box data-testid={webhooksIds.deliveries}>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Deliveries
      </Typography>
      <DataList
        label="Deliveries"
        columns={columns}
        query={deliveries}
        state={state}
        getRowId={(d) => d.id}
        rowHref={(d) => `/admin/webhooks/${webhook.id}/deliveries/${d.id}`}
        rowLabel={(d) => `${d.type} ${d.id}`}
        selectable={false}
        searchable={false}
        toolbar={
          <FilterBar state={state} clearTestId="webhook-deliveries-clear-filters">
            <SelectFilter
              state={state}
              name="status"
              label="Status"
              width={150}
              testId={webhooksIds.deliveryStatusFilter}
              allLabel="All"
              options={STATUSES}
              optionTestId={(v) => `webhook-deliveries-status-${v}`}
            />
          </FilterBar>
        }
        emptyText={
          Object.keys(state.filters).length
            ? 'No deliveries match.'
            : 'No deliveries yet: send a test event, or wait for an event of its types.'
        }
      />
    </Box>
  );
}

export function WebhookDetailPage() {
  const id = Number(useParams().id);
  const webhook = useWebhook(id);
  return (
    <DetailPage
      query={webhook}
      list={{ to: '/admin/webhooks', label: 'Webhooks', all: 'All webhooks' }}
      backTestId={webhooksIds.back}
      notFound="This webhook does not exist in the current company."
      testId={webhooksIds.detailPage}
      errorTestId={webhooksIds.detailError}
      crumb={(w) => w.url.replace(/^https?:\/\//, '')}
      header={(w) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word', minWidth: 0 }}>
            {w ? <WrapText text={w.url} /> : 'Webhook'}
          </Typography>
          {w && <StatusChip status={w.enabled ? 'enabled' : 'disabled'} />}
        </Stack>
      )}
      extra={<Outlet />}
    >
      {(w) => (
        <>
          {w.disabled_reason && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {w.disabled_reason} Edit it and switch it on again to resume; the held deliveries follow in
              order.
            </Alert>
          )}
          <Actions webhook={w} />
          <DetailGrid>
            <DetailField label="Description" value={w.description} testId="webhook-description" />
            <DetailField label="Last delivery" testId="webhook-last-delivery">
              <LastDelivery webhook={w} />
            </DetailField>
            <DetailField label="Created" value={formatDateTime(w.created_at)} testId="webhook-created" />
            <DetailField
              label="Previous secret signs until"
              value={w.previous_secret_expires_at ? formatDateTime(w.previous_secret_expires_at) : null}
              testId="webhook-previous-secret"
            />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <DetailField label="Event types" testId="webhook-event-types">
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {w.event_types.map((t) => (
                    <Chip key={t} size="small" label={eventTypeLabel(t)} />
                  ))}
                </Box>
              </DetailField>
            </Box>
          </DetailGrid>
          <Deliveries webhook={w} />
        </>
      )}
    </DetailPage>
  );
}
