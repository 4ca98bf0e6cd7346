/**
 * Downloads a list's CSV export (`GET <list>/export`, streamed by the API) while counting what has
 * arrived, so a long export shows progress instead of a button that seems to do nothing. The file is
 * assembled from the chunks as they come and saved under the server's file name.
 */
import { buildUrl, failureMessage, fetchWithSession, type QueryValue } from '../api/client.ts';

export interface ExportProgress {
  bytes: number;
  /** Lines received after the header: the rows, but for a field holding a line break of its own. */
  rows: number;
}

export type ExportResult = { ok: true; filename: string; rows: number } | { ok: false; message: string };

const CR = 13;
const LF = 10;

/** The file name of a `content-disposition: attachment; filename="..."` header. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition && /filename="([^"]+)"/.exec(disposition);
  return match?.[1] ?? fallback;
}

/** Counts CRLF line ends across chunks (a CR may end one chunk and its LF start the next). */
export function lineCounter() {
  let lines = 0;
  let lastWasCr = false;
  return {
    add(chunk: Uint8Array) {
      for (const byte of chunk) {
        if (byte === LF && lastWasCr) lines++;
        lastWasCr = byte === CR;
      }
      return lines;
    },
  };
}

/** Hands a downloaded file to the browser's download under `filename` (CSV exports, invoice PDFs). */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadCsv(
  path: string,
  query: Record<string, QueryValue>,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportResult> {
  let res: Response;
  try {
    res = await fetchWithSession(buildUrl(path, query), { headers: { Accept: 'text/csv' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, message: 'The export could not be downloaded.' };
  }
  if (!res.ok || !res.body) return { ok: false, message: await failureMessage(res) };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  const counter = lineCounter();
  let bytes = 0;
  let lines = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      lines = counter.add(value);
      onProgress({ bytes, rows: Math.max(0, lines - 1) });
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The connection broke mid-file: a partial file would look complete in a spreadsheet.
    return { ok: false, message: 'The export was interrupted. Try again.' };
  }
  const filename = filenameOf(res.headers.get('content-disposition'), 'export.csv');
  saveFile(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), filename);
  return { ok: true, filename, rows: Math.max(0, lines - 1) };
}
