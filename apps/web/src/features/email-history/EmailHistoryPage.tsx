/** `/admin/email-history`: every email the company sent, newest first (a clip marks one with files); a row opens the email. */

import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_STATUSES, type EmailEntry } from '@rentloop/domain/email';
import { useState } from 'react';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';
import { EmailEntryDialog } from './EmailEntryDialog.tsx';
import { useEmailEntries } from './hooks.ts';
import { emailHistoryIds } from './testids.ts';

const columns: Column<EmailEntry>[] = [
  {
    id: 'created_at',
    label: 'Date',
    sortKey: 'created_at',
    render: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Box>,
  },
  { id: 'to', label: 'To', render: (e) => <WrapText text={e.to} /> },
  {
    id: 'subject',
    label: 'Subject',
    render: (e) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {e.subject}
        {e.attachments.length > 0 && (
          // The files themselves are in the opened mail (EmailAttachments).
          <Box
            component="span"
            title={`${e.attachments.length} attachment${e.attachments.length === 1 ? '' : 's'}`}
            data-testid={emailHistoryIds.attachmentCount}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              ml: 0.5,
              color: 'text.secondary',
              verticalAlign: 'middle',
            }}
          >
            <AttachFile sx={{ fontSize: 16 }} />
            {e.attachments.length > 1 && e.attachments.length}
          </Box>
        )}
      </Typography>
    ),
  },
  { id: 'kind', label: 'Kind', hideOnMobile: true, render: (e) => humanize(e.kind) },
  {
    id: 'status',
    label: 'Status',
    render: (e) => <StatusChip status={e.status} testId={emailHistoryIds.statusChip} />,
  },
];

export function EmailHistoryPage() {
  const state = useListState();
  const companyId = useCompanyId();
  const entries = useEmailEntries(state);
  const [open, setOpen] = useState<EmailEntry | null>(null);

  const statusFilter = (
    <TextField
      select
      label="Status"
      value={state.filters.status ?? ''}
      onChange={(event) => state.setFilter('status', event.target.value || null)}
      sx={{ minWidth: 160 }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': emailHistoryIds.statusFilter },
      }}
    >
      <MenuItem value="" data-testid={emailHistoryIds.statusOption('all')}>
        All statuses
      </MenuItem>
      {EMAIL_STATUSES.map((status) => (
        <MenuItem key={status} value={status} data-testid={emailHistoryIds.statusOption(status)}>
          {statusLabel(status)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box data-testid={emailHistoryIds.page}>
      <PageHeader title="Email History" subtitle="Every email sent for this company, newest first" />
      <DataList
        label="Email History"
        columns={columns}
        query={entries}
        state={state}
        getRowId={(e) => e.id}
        onRowClick={setOpen}
        rowLabel={(e) => `${e.subject} to ${e.to}`}
        exportPath={`${paths.company(companyId, 'email-entries')}/export`}
        toolbar={statusFilter}
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No emails match.' : 'No emails sent yet.'
        }
      />
      <EmailEntryDialog entry={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
