/**
 * `/admin/webhooks`: the company's webhooks (search by URL or description, filter enabled): the URL, the
 * event types, on or off, and the last delivery's outcome. A row opens the webhook's page; each can be
 * deleted after a confirmation.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Webhook } from '@rentloop/domain/webhooks';
import { Outlet, useLocation } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { useWebhooks } from './hooks.ts';
import { webhooksIds } from './testids.ts';
import { useDeleteWebhookConfirm } from './use-delete-webhook.tsx';
import { eventTypeLabel } from './webhook-form.ts';

const ENABLED = [
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

/** The types as one line: "All events", or the first two and "+3 more". */
export function eventTypesText(types: string[]): string {
  if (types.includes('*')) return eventTypeLabel('*');
  const shown = types.slice(0, 2).join(', ');
  return types.length > 2 ? `${shown} +${types.length - 2} more` : shown;
}

export function LastDelivery({ webhook }: { webhook: Webhook }) {
  const last = webhook.last_delivery;
  if (!last)
    return (
      <Typography variant="body2" color="text.secondary">
        None yet
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <StatusChip status={last.status} />
      <Typography variant="caption" color="text.secondary">
        {last.status_code !== null ? `HTTP ${last.status_code} · ` : ''}
        {formatDateTime(last.created_at)}
      </Typography>
    </Box>
  );
}

export function WebhooksPage() {
  const state = useListState();
  const webhooks = useWebhooks(state);
  const { search } = useLocation();
  const { askDelete, confirm } = useDeleteWebhookConfirm();

  const columns: Column<Webhook>[] = [
    {
      id: 'url',
      label: 'Endpoint',
      sortKey: 'url',
      render: (w) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <WrapText text={w.url} />
          </Typography>
          {w.description && (
            <Typography variant="caption" color="text.secondary">
              {w.description}
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'event_types', label: 'Event types', render: (w) => eventTypesText(w.event_types) },
    {
      id: 'enabled',
      label: 'Status',
      render: (w) => <StatusChip status={w.enabled ? 'enabled' : 'disabled'} />,
    },
    { id: 'last_delivery', label: 'Last delivery', render: (w) => <LastDelivery webhook={w} /> },
    {
      id: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      link: false,
      render: (w) => (
        <Tooltip title={`Delete ${w.url}`}>
          <IconButton
            aria-label={`Delete ${w.url}`}
            onClick={(event) => {
              event.stopPropagation();
              askDelete(w);
            }}
            data-testid={webhooksIds.remove(w.id)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <Box data-testid={webhooksIds.listPage}>
      <PageHeader
        title="Webhooks"
        subtitle="Your own systems hear the company's changes as signed HTTP deliveries"
        actions={
          <NewButton to={`/admin/webhooks/create${search}`} icon={<Add />} testId={webhooksIds.newWebhook}>
            New webhook
          </NewButton>
        }
      />
      <DataList
        label="Webhooks"
        columns={columns}
        query={webhooks}
        state={state}
        getRowId={(w) => w.id}
        rowHref={(w) => `/admin/webhooks/${w.id}`}
        rowLabel={(w) => w.url}
        selectable={false}
        toolbar={
          <FilterBar state={state} clearTestId="webhooks-clear-filters">
            <SelectFilter
              state={state}
              name="enabled"
              label="Status"
              width={150}
              testId={webhooksIds.enabledFilter}
              allLabel="All"
              options={ENABLED}
              optionTestId={(v) => `webhooks-enabled-${v}`}
            />
          </FilterBar>
        }
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No webhooks match.' : 'No webhooks yet.'
        }
      />
      {confirm}
      <Outlet />
    </Box>
  );
}
