/**
 * `/super/history-logs/{id}`: one audit entry — which record (by name, linked), what was done, who,
 * when, from which request — and what it changed: for an update only the changed fields, old and new
 * side by side; for a created or deleted record its fields as they were. JSON values are
 * pretty-printed; secrets read "[redacted]".
 */

import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HistoryLog } from '@rentloop/domain/history-logs';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { actorText } from '../../components/ActorCell.tsx';
import { CodeBlock, DetailGrid, MONOSPACE } from '../../components/DetailGrid.tsx';
import { DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { type DiffRow, diffRows, humanize, type ShownValue, showValue } from './diff.ts';
import { entityOne, entityRef } from './entities.ts';
import { useHistoryLog } from './hooks.ts';
import { RecordLink } from './RecordName.tsx';
import { historyLogsIds } from './testids.ts';

function Value({ shown }: { shown: ShownValue }) {
  switch (shown.kind) {
    case 'none':
      return null;
    case 'null':
      return (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          empty
        </Typography>
      );
    case 'redacted':
      return (
        <Chip
          size="small"
          label="[redacted]"
          variant="outlined"
          data-testid={historyLogsIds.redacted}
          sx={{ fontFamily: MONOSPACE }}
        />
      );
    case 'json':
      return <CodeBlock>{shown.text}</CodeBlock>;
    case 'text':
      return (
        <Typography variant="body2" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
          {shown.text === '' ? '""' : shown.text}
        </Typography>
      );
  }
}

const top = { verticalAlign: 'top' } as const;

function FieldCell({ field }: { field: string }) {
  return (
    <TableCell sx={{ ...top, width: '22%' }} title={field}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {humanize(field)}
      </Typography>
    </TableCell>
  );
}

/**
 * An update: the fields it changed, old and new side by side. A created or deleted record: its fields
 * with their one value (there is nothing on the other side to compare with).
 */
function Changes({ log }: { log: HistoryLog }) {
  const wholeRecord = log.action === 'created' || log.action === 'deleted';
  const rows = diffRows(log).filter((r) => wholeRecord || r.changed);
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={historyLogsIds.diffEmpty}>
        This entry records no field values.
      </Typography>
    );
  }
  return (
    <ScrollRegion label="Changes table">
      <Table size="small" aria-label="Changes" data-testid={historyLogsIds.diffTable}>
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            {wholeRecord ? (
              <TableCell>Value</TableCell>
            ) : (
              <>
                <TableCell sx={{ width: '39%' }}>Before</TableCell>
                <TableCell sx={{ width: '39%' }}>After</TableCell>
              </>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row: DiffRow) => (
            <TableRow
              key={row.field}
              data-testid={historyLogsIds.diffRow}
              data-field={row.field}
              data-changed={row.changed}
              sx={{ '&:last-child td': { borderBottom: 0 } }}
            >
              <FieldCell field={row.field} />
              {wholeRecord ? (
                <TableCell sx={top}>
                  <Value shown={showValue(row.hasAfter ? row.after : row.before)} />
                </TableCell>
              ) : (
                <>
                  <TableCell sx={{ ...top, bgcolor: row.hasBefore ? 'rgba(211, 47, 47, 0.06)' : undefined }}>
                    <Value shown={showValue(row.before, row.hasBefore)} />
                  </TableCell>
                  <TableCell sx={{ ...top, bgcolor: row.hasAfter ? 'rgba(46, 125, 50, 0.07)' : undefined }}>
                    <Value shown={showValue(row.after, row.hasAfter)} />
                  </TableCell>
                </>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

const CHANGES_SUBTITLE: Record<string, string> = {
  updated: 'The fields this change touched, before and after',
  created: 'The record as it was created',
  deleted: 'The record as it was before deletion',
};

/** "Customer #484 updated by Ada Admin": the entry in words. */
const summary = (l: HistoryLog) =>
  `${entityRef(l)} · ${statusLabel(l.action)} by ${l.user_id ? (l.user_name ?? `user #${l.user_id}`) : 'the system'}`;

export function HistoryLogDetailPage() {
  const id = Number(useParams().id);
  const log = useHistoryLog(id);
  const { company } = useCurrentCompany();
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the list as it was (filters, page) when we came from it; else to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/super/history-logs'));

  return (
    <DetailPage
      query={log}
      list={{ to: '/super/history-logs', label: 'History logs', all: 'All entries' }}
      onBack={back}
      backTestId={historyLogsIds.back}
      notFound="This entry does not exist in the current company."
      testId={historyLogsIds.detailPage}
      errorTestId={historyLogsIds.detailError}
      header={(l) => (
        <PageHeader
          title={l ? (l.entity_name ?? entityRef(l)) : <Skeleton width={240} />}
          subtitle={l ? `${summary(l)} · ${formatDateTime(l.created_at)}` : <Skeleton width={180} />}
          actions={l ? <StatusChip status={l.action} testId={historyLogsIds.actionChip} /> : undefined}
        />
      )}
    >
      {(l) => (
        <Stack spacing={2}>
          <DetailGrid>
            <DetailField label="Record" testId={historyLogsIds.detailField('record')}>
              <RecordLink log={l} />
              {l.entity_exists === false && (
                <Typography variant="caption" color="text.secondary" component="div">
                  no longer exists
                </Typography>
              )}
            </DetailField>
            <DetailField label="Kind" testId={historyLogsIds.detailField('entity')}>
              {entityOne(l.entity_type)}
            </DetailField>
            <DetailField label="Record id" testId={historyLogsIds.detailField('entity_id')}>
              {l.entity_id}
            </DetailField>
            <DetailField label="Action" testId={historyLogsIds.detailField('action')}>
              {statusLabel(l.action)}
            </DetailField>
            <DetailField label="By" testId={historyLogsIds.detailField('user')}>
              {actorText({ id: l.user_id, name: l.user_name, email: l.user_email })}
            </DetailField>
            <DetailField label="When" testId={historyLogsIds.detailField('created_at')}>
              {formatDateTime(l.created_at)}
            </DetailField>
            <DetailField label="Company" testId={historyLogsIds.detailField('company_id')}>
              {l.company_id === null
                ? 'Platform'
                : l.company_id === company?.id
                  ? company.name
                  : `#${l.company_id}`}
            </DetailField>
            <DetailField label="IP address" testId={historyLogsIds.detailField('ip')}>
              {l.ip}
            </DetailField>
            <DetailField label="Request id" testId={historyLogsIds.detailField('request_id')}>
              {l.request_id}
            </DetailField>
          </DetailGrid>
          <Card>
            <CardHeader
              title="Changes"
              subheader={CHANGES_SUBTITLE[l.action]}
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <Changes log={l} />
          </Card>
        </Stack>
      )}
    </DetailPage>
  );
}
