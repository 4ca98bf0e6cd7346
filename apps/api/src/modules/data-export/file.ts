/**
 * An export's file, written as it is read (decision 66): rows go in a batch at a time, bytes come out
 * in pieces that the job stores as `data_export_chunks` of about `CHUNK_BYTES`, so neither the rows
 * nor the file are ever held whole.
 *
 * - CSV: UTF-8 with a byte order mark (spreadsheet programs read the encoding from it), CRLF lines, a
 *   header line of the chosen columns (csv.ts; formulas neutralized).
 * - XLSX: the smallest valid SpreadsheetML workbook (ECMA-376): content types, relationships, a
 *   workbook of one sheet, and the sheet streamed through a deflated zip entry (fflate). Text is an
 *   inline string (no shared-strings table to hold in memory), numbers are numeric cells, and a text
 *   that starts like a formula gets the same apostrophe as in the CSV.
 */
import type { DataExportFormat } from '@rentloop/domain/data-export';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { cellText, columnGetter, csvLine, csvRowFormat } from '../../csv.ts';

/** A stored piece of the file: about a megabyte. */
export const CHUNK_BYTES = 1 << 20;

export const CONTENT_TYPES: Record<DataExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface FileWriter {
  /** Adds rows; resolves once every full piece but the last one made is stored (that one is being stored). */
  rows(rows: unknown[]): Promise<void>;
  /** Ends the file, stores the last piece; the file's size in bytes. */
  end(): Promise<number>;
  /** Resolves once no piece is being stored (failed or not): before a failed file's pieces are deleted. */
  settled(): Promise<void>;
}

/**
 * Collects output bytes and hands them to `store` a full piece (`CHUNK_BYTES`) at a time, the last one
 * short. A piece is stored while the next rows are written: one store in flight at most (the next full
 * piece waits for it), so the pieces are stored in order and only the bytes of about two are held.
 */
class Pieces {
  private parts: Uint8Array[] = [];
  private held = 0;
  private storing: Promise<void> = Promise.resolve();
  size = 0;
  constructor(
    private readonly store: (bytes: Buffer) => Promise<void>,
    private readonly pieceBytes = CHUNK_BYTES,
  ) {}
  push(bytes: Uint8Array) {
    this.parts.push(bytes);
    this.held += bytes.length;
    this.size += bytes.length;
  }
  /** Stores the full pieces held (every byte held when `all`); resolves once the one before the last is stored, or all when `all`. */
  async flush(all: boolean) {
    while (this.held >= this.pieceBytes || (all && this.held > 0)) {
      const held = Buffer.concat(this.parts, this.held);
      // A piece of its own memory (a view's offset is not every driver's concern).
      const bytes = held.length > this.pieceBytes ? Buffer.from(held.subarray(0, this.pieceBytes)) : held;
      const rest = held.subarray(bytes.length);
      this.parts = rest.length > 0 ? [rest] : [];
      this.held = rest.length;
      await this.storing;
      this.storing = this.store(bytes);
      // A failure surfaces at the next flush (or the last), not as an unhandled rejection.
      this.storing.catch(() => {});
    }
    if (all) await this.storing;
  }
  settled(): Promise<void> {
    return this.storing.catch(() => undefined);
  }
}

function csvWriter(columns: string[], pieces: Pieces): FileWriter {
  pieces.push(Buffer.from(`\uFEFF${csvLine(columns)}`, 'utf8'));
  const line = csvRowFormat(columns);
  return {
    async rows(rows) {
      let text = '';
      for (const row of rows) text += line(row);
      pieces.push(Buffer.from(text, 'utf8'));
      await pieces.flush(false);
    },
    async end() {
      await pieces.flush(true);
      return pieces.size;
    },
    settled: () => pieces.settled(),
  };
}

/** XML 1.0 cannot hold most control characters at all; they are dropped, the markup characters escaped. */
const xmlText = (t: string) =>
  t
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the characters XML forbids
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

function xlsxCell(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `<c><v>${value}</v></c>`;
  const t = cellText(value);
  if (t === '') return '<c/>';
  return `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(t)}</t></is></c>`;
}

const xlsxRow = (cells: string[]) => `<row>${cells.join('')}</row>`;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ],
];

function xlsxWriter(columns: string[], sheetName: string, mtime: Date, pieces: Pieces): FileWriter {
  let failure: Error | null = null;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else pieces.push(chunk);
    if (final || error) finished();
  });
  const parts: [string, string][] = [
    ...STATIC_PARTS,
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
  ];
  for (const [name, text] of parts) {
    const entry = new ZipPassThrough(name);
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  sheet.mtime = mtime;
  zip.add(sheet);
  sheet.push(
    strToU8(`${XML}<worksheet xmlns="${MAIN}"><sheetData>${xlsxRow(columns.map((c) => xlsxCell(c)))}`),
  );
  const check = () => {
    if (failure) throw failure;
  };
  const getters = columns.map(columnGetter);
  return {
    async rows(rows) {
      let xml = '';
      for (const row of rows) {
        xml += '<row>';
        for (const get of getters) xml += xlsxCell(get(row));
        xml += '</row>';
      }
      sheet.push(strToU8(xml));
      check();
      await pieces.flush(false);
    },
    async end() {
      sheet.push(strToU8('</sheetData></worksheet>'), true);
      zip.end();
      await done;
      check();
      await pieces.flush(true);
      return pieces.size;
    },
    settled: () => pieces.settled(),
  };
}

export function fileWriter(
  format: DataExportFormat,
  o: {
    columns: string[];
    sheetName: string;
    mtime: Date;
    store: (bytes: Buffer) => Promise<void>;
    /** The size of a stored piece (the last one shorter): `CHUNK_BYTES` but in tests. */
    pieceBytes?: number;
  },
): FileWriter {
  const pieces = new Pieces(o.store, o.pieceBytes);
  return format === 'csv'
    ? csvWriter(o.columns, pieces)
    : xlsxWriter(o.columns, o.sheetName, o.mtime, pieces);
}
