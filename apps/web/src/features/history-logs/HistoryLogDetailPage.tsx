/**
 * `/super/history-logs/{id}`: one audit entry — who, when, from which request — and its before/after
 * as a table (field, before, after). JSON values are pretty-printed; secrets read "[redacted]".
 */

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HistoryLog } from '@rentloop/domain/history-logs';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { type DiffRow, diffRows, humanize, type ShownValue, showValue } from './diff.ts';
import { useHistoryLog } from './hooks.ts';
import { historyLogsIds } from './testids.ts';

function Value({ shown }: { shown: ShownValue }) {
  switch (shown.kind) {
    case 'none':
      return null;
    case 'null':
      return (
        <Typography variant="body2" color="text.disabled" sx={{ fontStyle: 'italic' }}>
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
          sx={{ fontFamily: 'monospace' }}
        />
      );
    case 'json':
      return (
        <Box
          component="pre"
          sx={{
            m: 0,
            p: 1,
            fontSize: 12,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            maxHeight: 320,
            overflow: 'auto',
          }}
        >
          {shown.text}
        </Box>
      );
    case 'text':
      return (
        <Typography variant="body2" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
          {shown.text === '' ? '""' : shown.text}
        </Typography>
      );
  }
}

const cell = { verticalAlign: 'top', width: '40%' } as const;

function DiffTable({ log }: { log: HistoryLog }) {
  const rows = diffRows(log);
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={historyLogsIds.diffEmpty}>
        This entry records no field values.
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Changes" data-testid={historyLogsIds.diffTable}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '20%' }}>Field</TableCell>
            <TableCell sx={cell}>Before</TableCell>
            <TableCell sx={cell}>After</TableCell>
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
              <TableCell sx={{ verticalAlign: 'top', fontFamily: 'monospace', fontSize: 13 }}>
                {row.field}
              </TableCell>
              <TableCell
                sx={{
                  ...cell,
                  bgcolor: row.changed && row.hasBefore ? 'rgba(211, 47, 47, 0.06)' : undefined,
                }}
              >
                <Value shown={showValue(row.before, row.hasBefore)} />
              </TableCell>
              <TableCell
                sx={{ ...cell, bgcolor: row.changed && row.hasAfter ? 'rgba(46, 125, 50, 0.07)' : undefined }}
              >
                <Value shown={showValue(row.after, row.hasAfter)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function HistoryLogDetailPage() {
  const id = Number(useParams().id);
  const log = useHistoryLog(id);
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
          title={
            l ? (
              `${humanize(l.entity_type)}${l.entity_id ? ` #${l.entity_id}` : ''}`
            ) : (
              <Skeleton width={240} />
            )
          }
          subtitle={l ? `Entry ${l.id} · ${formatDateTime(l.created_at)}` : <Skeleton width={180} />}
          actions={l ? <StatusChip status={l.action} testId={historyLogsIds.actionChip} /> : undefined}
        />
      )}
    >
      {(l) => (
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
                <DetailField label="By" testId={historyLogsIds.detailField('user')}>
                  {l.user_id
                    ? `${l.user_name ?? `User #${l.user_id}`}${l.user_email ? ` (${l.user_email})` : ''}`
                    : 'System'}
                </DetailField>
                <DetailField label="Entity" testId={historyLogsIds.detailField('entity')}>
                  {l.entity_type}
                </DetailField>
                <DetailField label="Entity id" testId={historyLogsIds.detailField('entity_id')}>
                  {l.entity_id}
                </DetailField>
                <DetailField label="Action" testId={historyLogsIds.detailField('action')}>
                  {humanize(l.action)}
                </DetailField>
                <DetailField label="When" testId={historyLogsIds.detailField('created_at')}>
                  {formatDateTime(l.created_at)}
                </DetailField>
                <DetailField label="Company" testId={historyLogsIds.detailField('company_id')}>
                  {l.company_id === null ? 'Platform' : `#${l.company_id}`}
                </DetailField>
                <DetailField label="IP address" testId={historyLogsIds.detailField('ip')}>
                  {l.ip}
                </DetailField>
                <DetailField label="Request id" testId={historyLogsIds.detailField('request_id')}>
                  {l.request_id}
                </DetailField>
              </Box>
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title="Changes"
              subheader={
                l.action === 'updated'
                  ? 'The fields this change touched'
                  : l.action === 'created'
                    ? 'The record as it was created'
                    : l.action === 'deleted'
                      ? 'The record as it was before deletion'
                      : undefined
              }
              slotProps={{ title: { variant: 'h6' } }}
            />
            <DiffTable log={l} />
          </Card>
        </Box>
      )}
    </DetailPage>
  );
}
