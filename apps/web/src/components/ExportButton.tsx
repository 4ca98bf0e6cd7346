/**
 * "Export CSV": downloads the list as the screen shows it (search, sort, filters; every page), or
 * only the selected rows, from the list's export route. A long export shows how many rows have
 * arrived (of the list's total) until the file is saved.
 */
import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import type { QueryValue } from '../api/client.ts';
import { notify } from '../utils/notify.ts';
import type { ExportProgress } from './csv-download.ts';
import { dataListIds } from './testids.ts';

const count = new Intl.NumberFormat('en');

export interface ExportButtonProps {
  /** The export route (`<list path>/export`). */
  path: string;
  /** The list's parameters (search, sort, desc, filters); page and per_page are not sent. */
  query: Record<string, QueryValue>;
  /** Only these rows. */
  ids?: (string | number)[];
  /** Rows expected (the list's total or the selection), for the progress. */
  total?: number;
  label?: string;
  testId?: string;
}

export function ExportButton({ path, query, ids, total, label = 'Export CSV', testId }: ExportButtonProps) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ bytes: 0, rows: 0 });
    const { page: _p, per_page: _pp, ...listParams } = query;
    try {
      // Loaded on the first export: not part of the list's first load.
      const { downloadCsv } = await import('./csv-download.ts');
      const result = await downloadCsv(
        path,
        { ...listParams, ids: ids?.join(',') },
        setProgress,
        controller.signal,
      );
      if (result.ok) notify.success(`Exported ${count.format(result.rows)} rows to ${result.filename}.`);
      else notify.error(result.message);
    } catch {
      // Aborted: the screen was left; nothing to tell.
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const running = progress !== null;
  const percent = running && total ? Math.min(100, (progress.rows / total) * 100) : undefined;
  return (
    <Button
      variant="outlined"
      onClick={run}
      disabled={running}
      data-testid={testId ?? dataListIds.export}
      startIcon={
        running ? (
          <CircularProgress
            size={16}
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label="Export progress"
          />
        ) : (
          <Download />
        )
      }
      sx={{ whiteSpace: 'nowrap' }}
    >
      {running ? (
        <span data-testid={dataListIds.exportProgress} aria-live="polite">
          {total
            ? `${count.format(progress.rows)} of ${count.format(total)} rows`
            : `${count.format(progress.rows)} rows`}
        </span>
      ) : (
        label
      )}
    </Button>
  );
}
