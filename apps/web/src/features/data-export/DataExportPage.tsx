/**
 * `/cms/data-export/{token?}` (spec 01 §2, §7; decision 66): staff choose a list, its search and
 * filters (the list's `filters` JSON), the columns and the format, and request the file ("Data export
 * requested."); their recent exports show the job's progress and, once written, a Download button.
 * With a token in the URL (the notification's and the mail's link) the page downloads that export at
 * once, in the link's company ("Could not fetch export data." when it cannot).
 */
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DATA_EXPORT_KINDS,
  DATA_EXPORT_TEXTS,
  type DataExport,
  type DataExportFormat,
  type DataExportKind,
} from '@rentloop/domain/data-export';
import { MESSAGES } from '@rentloop/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { notify } from '../../utils/notify.ts';
import {
  knownTokens,
  useDownloadExport,
  useExportColumns,
  useRecentExports,
  useRequestExport,
} from './hooks.ts';
import { dataExportIds } from './testids.ts';

export function DataExportPage() {
  const { token } = useParams();
  const [search] = useSearchParams();
  const current = useCompanyId();
  const company = Number(search.get('company')) || current;
  return (
    <Box data-testid={dataExportIds.page}>
      <PageHeader
        title="Data export"
        subtitle="Any list as a CSV or Excel file, with its filters and the columns you choose"
      />
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        {token ? <TokenDownload token={token} company={company} /> : null}
        <ExportForm />
        <RecentExports />
      </Stack>
    </Box>
  );
}

function TokenDownload({ token, company }: { token: string; company: number }) {
  const download = useDownloadExport(company);
  const started = useRef(false);
  useEffect(() => {
    // Once per page, though development's strict mode runs effects twice.
    if (started.current) return;
    started.current = true;
    download.mutate(token, { onError: () => notify.error(MESSAGES.dataExportFetchFailed) });
  }, [token, download]);
  return (
    <Box data-testid={dataExportIds.tokenStatus} data-state={download.status}>
      {download.isError ? (
        <Alert severity="warning">{download.error.message}</Alert>
      ) : download.isSuccess ? (
        <Alert severity="success">Downloaded {download.data}. Look for it in your downloads.</Alert>
      ) : (
        <Alert severity="info">Downloading the export…</Alert>
      )}
    </Box>
  );
}

function ExportForm() {
  const columnsOf = useExportColumns();
  const request = useRequestExport();
  const [kind, setKind] = useState<DataExportKind>('orders');
  const [format, setFormat] = useState<DataExportFormat>('csv');
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState('');
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const all = columnsOf.data?.find((k) => k.kind === kind)?.columns ?? [];
  const selected = chosen ?? all;

  const toggle = (column: string) =>
    setChosen(
      selected.includes(column)
        ? selected.filter((c) => c !== column)
        : all.filter((c) => c === column || selected.includes(c)),
    );

  const submit = () => {
    setErrors({});
    if (selected.length === 0) {
      setErrors({ columns: [DATA_EXPORT_TEXTS.noColumns] });
      return;
    }
    request.mutate(
      {
        kind,
        format,
        columns: selected.length === all.length ? undefined : selected,
        search: searchText.trim() || undefined,
        filters: filters.trim() || undefined,
      },
      {
        onSuccess: ({ message }) => notify.success(message || MESSAGES.dataExportRequested),
        onError: (error) => {
          if (error instanceof ApiError && error.errors) setErrors(error.errors);
          notify.error(MESSAGES.dataExportRequestFailed);
        },
      },
    );
  };
  const fieldError = (name: string) =>
    Object.entries(errors)
      .filter(([k]) => k === name || k.startsWith(`${name}.`))
      .flatMap(([, v]) => v)
      .join(' ');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          New export
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="List"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as DataExportKind);
              setChosen(null);
              setErrors({});
            }}
            sx={{ minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': dataExportIds.kind } }}
          >
            {DATA_EXPORT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {DATA_EXPORT_TEXTS.kindLabel[k]}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <FormLabel id="data-export-format">Format</FormLabel>
            <RadioGroup
              row
              aria-labelledby="data-export-format"
              value={format}
              onChange={(e) => setFormat(e.target.value as DataExportFormat)}
            >
              <FormControlLabel
                value="csv"
                control={<Radio data-testid={dataExportIds.format('csv')} />}
                label="CSV (UTF-8)"
              />
              <FormControlLabel
                value="xlsx"
                control={<Radio data-testid={dataExportIds.format('xlsx')} />}
                label="Excel (XLSX)"
              />
            </RadioGroup>
          </Box>
        </Stack>
        <TextField
          label="Search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          error={Boolean(fieldError('search'))}
          helperText={fieldError('search') || 'As in the list’s search box; empty: every row.'}
          slotProps={{ htmlInput: { 'data-testid': dataExportIds.search } }}
        />
        <TextField
          label="Filters (JSON)"
          value={filters}
          onChange={(e) => setFilters(e.target.value)}
          placeholder='{"status": "completed", "created_from": "2026-10-01"}'
          error={Boolean(fieldError('filters') || fieldError('sort'))}
          helperText={
            fieldError('filters') ||
            fieldError('sort') ||
            'The list’s filters, as its filter panel sets them; empty: none.'
          }
          slotProps={{ htmlInput: { 'data-testid': dataExportIds.filters, spellCheck: false } }}
        />
        <Box>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <FormLabel component="legend">
              Columns ({selected.length} of {all.length})
            </FormLabel>
            <Button
              size="small"
              onClick={() => setChosen(selected.length === all.length ? [] : null)}
              data-testid={dataExportIds.allColumns}
            >
              {selected.length === all.length ? 'Clear all' : 'Select all'}
            </Button>
          </Stack>
          {fieldError('columns') ? (
            <Typography color="error" variant="body2">
              {fieldError('columns')}
            </Typography>
          ) : null}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
              maxHeight: 260,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              px: 1,
            }}
          >
            {all.map((column) => (
              <FormControlLabel
                key={column}
                sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                control={
                  <Checkbox
                    size="small"
                    checked={selected.includes(column)}
                    onChange={() => toggle(column)}
                    slotProps={{ input: { 'data-testid': dataExportIds.column(column) } as object }}
                  />
                }
                label={column}
              />
            ))}
          </Box>
        </Box>
        <Box>
          <Button
            variant="contained"
            onClick={submit}
            disabled={request.isPending || columnsOf.isPending}
            data-testid={dataExportIds.submit}
          >
            Request export
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

const STATUS_TEXT: Record<DataExport['status'], string> = {
  queued: 'Waiting to start',
  running: 'Writing',
  ready: 'Ready',
  failed: 'Failed',
};

function RecentExports() {
  const company = useCompanyId();
  const recent = useRecentExports();
  const download = useDownloadExport(company);
  const tokens = knownTokens();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={dataExportIds.recent}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Your recent exports
      </Typography>
      {recent.isError ? <Alert severity="warning">{MESSAGES.dataExportFetchFailed}</Alert> : null}
      {recent.data?.length === 0 ? (
        <Typography color="text.secondary">No exports in the last 7 days.</Typography>
      ) : null}
      <Stack spacing={1.5}>
        {recent.data?.map((e) => {
          const total = e.rows_total ?? 0;
          const percent =
            e.status === 'ready' ? 100 : total > 0 ? Math.round((e.rows_done / total) * 100) : 0;
          const token = tokens[String(e.id)];
          return (
            <Box
              key={e.id}
              data-testid={dataExportIds.row(e.id)}
              data-status={e.status}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{e.file_name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {DATA_EXPORT_TEXTS.kindLabel[e.kind]} · {e.format.toUpperCase()} · {STATUS_TEXT[e.status]}{' '}
                    · {e.rows_done} of {e.rows_total ?? '…'} rows
                  </Typography>
                  {e.error ? (
                    <Typography variant="body2" color="error">
                      {e.error}
                    </Typography>
                  ) : null}
                </Box>
                {e.status === 'ready' && token ? (
                  <Button
                    variant="outlined"
                    startIcon={<Download />}
                    onClick={() =>
                      download.mutate(token, { onError: () => notify.error(MESSAGES.dataExportFetchFailed) })
                    }
                    data-testid={dataExportIds.download(e.id)}
                    sx={{ flexShrink: 0 }}
                  >
                    Download
                  </Button>
                ) : null}
              </Stack>
              {e.status === 'queued' || e.status === 'running' ? (
                <LinearProgress
                  variant={total > 0 ? 'determinate' : 'indeterminate'}
                  value={percent}
                  sx={{ mt: 1 }}
                  aria-label={`${e.file_name} progress`}
                />
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
