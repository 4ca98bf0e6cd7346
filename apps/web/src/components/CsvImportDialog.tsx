/**
 * A CSV import dialog (the subscriptions list's "Import", spec 01 §7, and the assets list's, spec 02 §7;
 * §8 "Import failed: {server message}"): choose a CSV, see the server's preview (rows, every row error by
 * row and column), then import it: a background job, all rows or none, its progress polled until it
 * ends. What differs between imports (texts, paths, test ids) comes in `config`.
 */
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { parseImportErrorKey } from '@rentloop/domain/subscription-import';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { notify } from '../utils/notify.ts';
import {
  type ImportBase,
  type ImportPreviewBase,
  importIsActive,
  useImport,
  usePreviewImport,
  useStartImport,
} from './csv-import.ts';

export const importCount = new Intl.NumberFormat('en');

/** The test ids of one import's dialog. */
export interface ImportIds {
  importDialog: string;
  importTemplate: string;
  importChoose: string;
  importFile: string;
  importFileError: string;
  importSummary: string;
  importErrors: string;
  importError: (row: number, column: string | null) => string;
  importProgress: string;
  importFailed: string;
  importStart: string;
  importClose: string;
}

export interface CsvImportConfig<P extends ImportPreviewBase, I extends ImportBase> {
  title: string;
  /** The company path of the import: `subscriptions/import`. */
  base: string;
  /** The feature's query key: the import is polled under it, its lists refreshed after. */
  queryKey: readonly unknown[];
  listKey: readonly unknown[];
  /** What the file holds and how it is matched (the template link follows it). */
  intro: ReactNode;
  template: string;
  templateName: string;
  /** After "N rows in file: M ready" of a clean file: what the import will create. */
  willCreate: (preview: P) => string;
  /** The progress line once every row is checked and the one transaction writes. */
  writing: string;
  succeeded: (done: I) => string;
  ids: ImportIds;
}

type RowError = ImportPreviewBase['errors'][number];

/** One key per chosen file (as the order builder's per cart; not imported from it: a chunk of its own). */
const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The row errors of a refused import (`errors` keyed `rows.<row>.<column>`). */
function rowErrorsOf(error: unknown): RowError[] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  return Object.entries(error.errors).flatMap(([key, messages]) => {
    const at = parseImportErrorKey(key);
    return at ? messages.map((message) => ({ ...at, message })) : [];
  });
}

function ErrorTable({ errors, ids }: { errors: RowError[]; ids: ImportIds }) {
  return (
    <Box sx={{ maxHeight: 260, overflow: 'auto' }}>
      {/* Fixed columns that wrap anywhere: on a phone the problem stays in view, no sideways scrolling. */}
      <Table
        size="small"
        stickyHeader
        aria-label="Row errors"
        data-testid={ids.importErrors}
        sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere', px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '4.5em' }}>Row</TableCell>
            <TableCell sx={{ width: '32%' }}>Column</TableCell>
            <TableCell>Problem</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((e) => (
            <TableRow
              key={`${e.row}-${e.column}-${e.message}`}
              data-testid={ids.importError(e.row, e.column)}
            >
              <TableCell>{e.row}</TableCell>
              <TableCell>{e.column ?? '–'}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Summary<P extends ImportPreviewBase>({
  preview,
  willCreate,
  ids,
}: {
  preview: P;
  willCreate: (p: P) => string;
  ids: ImportIds;
}) {
  const clean = preview.error_count === 0;
  const count = importCount;
  return (
    <Alert severity={clean ? 'success' : 'warning'} data-testid={ids.importSummary}>
      {count.format(preview.rows)} {preview.rows === 1 ? 'row' : 'rows'} in {preview.file_name ?? 'the file'}:{' '}
      {count.format(preview.valid)} ready
      {clean
        ? `, ${willCreate(preview)}`
        : `, ${count.format(preview.invalid)} with errors. Fix them and choose the file again: nothing is imported while a row has an error.`}
      {preview.error_count > preview.errors.length &&
        ` The first ${count.format(preview.errors.length)} of ${count.format(preview.error_count)} errors are listed.`}
    </Alert>
  );
}

export function CsvImportDialog<P extends ImportPreviewBase, I extends ImportBase>({
  config,
  onClose,
}: {
  config: CsvImportConfig<P, I>;
  onClose: () => void;
}) {
  const { ids } = config;
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [importId, setImportId] = useState<number | null>(null);
  const preview = usePreviewImport<P>(config.base);
  const start = useStartImport<I>(config.base);
  const progress = useImport<I>(config.base, config.queryKey, importId);
  const queryClient = useQueryClient();
  const current = progress.data ?? null;
  const running = importId !== null && (current === null || importIsActive(current));

  // The end of the import: a toast either way; the list shows what it made.
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!current || importIsActive(current) || announced.current === current.id) return;
    announced.current = current.id;
    if (current.status === 'succeeded') {
      notify.success(config.succeeded(current));
      void queryClient.invalidateQueries({ queryKey: config.listKey });
      onClose();
    } else notify.error(MESSAGES.importFailed(current.error ?? MESSAGES.requestNotSuccessful));
  }, [current, onClose, queryClient, config]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    setFile(chosen);
    setKey(newKey());
    setImportId(null);
    start.reset();
    preview.mutate(chosen, {
      onError: (error) => notify.error(MESSAGES.importFailed(error.message)),
    });
  };

  const begin = () => {
    if (!file) return;
    start.mutate(
      { file, key },
      {
        onSuccess: (started) => setImportId(started.id),
        onError: (error) => notify.error(MESSAGES.importFailed(error.message)),
      },
    );
  };

  const checked = preview.data ?? null;
  const refused = rowErrorsOf(start.error);
  const failed = current?.status === 'failed' ? current : null;
  const total = current?.total_rows ?? checked?.valid ?? 0;
  const writing = current?.status === 'running' && total > 0 && current.processed_rows >= total;
  const value = current && total > 0 && !writing ? (current.processed_rows / total) * 100 : undefined;
  const count = importCount;

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid={ids.importDialog}
    >
      <DialogTitle id={titleId}>{config.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {config.intro}{' '}
            <Link
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(config.template)}`}
              download={config.templateName}
              data-testid={ids.importTemplate}
            >
              Download the template
            </Link>
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => input.current?.click()}
              disabled={running || start.isPending}
              loading={preview.isPending}
              loadingPosition="start"
              data-testid={ids.importChoose}
            >
              Choose CSV file
            </Button>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label="CSV file"
              data-testid={ids.importFile}
              onChange={(event) => {
                choose(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            {file && <Typography variant="body2">{file.name}</Typography>}
          </Box>
          {preview.error && (
            <Alert severity="error" data-testid={ids.importFileError}>
              {preview.error.message}
            </Alert>
          )}
          {checked && <Summary preview={checked} willCreate={config.willCreate} ids={ids} />}
          {checked && checked.errors.length > 0 && <ErrorTable errors={checked.errors} ids={ids} />}
          {start.error && (
            <Alert severity="error" data-testid={ids.importFileError}>
              {MESSAGES.importFailed(start.error.message)}
            </Alert>
          )}
          {refused.length > 0 && <ErrorTable errors={refused} ids={ids} />}
          {importId !== null && running && (
            <Box data-testid={ids.importProgress} data-status={current?.status ?? 'queued'}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {current?.status === 'running'
                  ? writing
                    ? config.writing
                    : `Checking ${count.format(current.processed_rows)} of ${count.format(total)} rows…`
                  : 'The import is queued…'}
              </Typography>
              <LinearProgress
                variant={value === undefined ? 'indeterminate' : 'determinate'}
                value={value}
                aria-label="Import progress"
              />
            </Box>
          )}
          {failed && (
            <Alert severity="error" data-testid={ids.importFailed}>
              {MESSAGES.importFailed(failed.error ?? MESSAGES.requestNotSuccessful)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running} data-testid={ids.importClose}>
          {failed ? 'Close' : 'Cancel'}
        </Button>
        <Button
          variant="contained"
          onClick={begin}
          disabled={!checked || checked.error_count > 0 || checked.rows === 0 || running || failed !== null}
          loading={start.isPending}
          data-testid={ids.importStart}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
