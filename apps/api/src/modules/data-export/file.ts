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
  /** A row's text in the file (a CSV line, an XLSX row): rows are made text as they are read. */
  format(row: unknown): string;
  /** Adds rows' texts made by `format`; resolves once every full piece but the one being stored is stored. */
  write(texts: string[]): Promise<void>;
  /** `write` of the rows' texts. */
  rows(rows: unknown[]): Promise<void>;
  /** Ends the file, stores the last piece; the file's size in bytes. */
  end(): Promise<number>;
  /** Resolves once no piece is being stored (failed or not): before a failed file's pieces are deleted. */
  settled(): Promise<void>;
}

const utf8 = new TextEncoder();

/**
 * Output bytes written into a piece of `CHUNK_BYTES` and handed to `store` when it is full, the last one
 * short. A piece is stored while the next is written, into the other of two buffers that take turns: one
 * store in flight at most (the next full piece waits for it), so the pieces are stored in order, and
 * a file of any size holds two buffers. No buffer per batch: an export of 1,000,000 orders made a Buffer
 * a batch that lived until its piece filled, was promoted with it, and held 64 MB outside V8's heap
 * until a full collection (docs/performance.md "Data export").
 */
class Pieces {
  private piece: Buffer;
  private used = 0;
  /** The buffer being stored (unchanged until its store resolves) and the one free after it. */
  private inFlight: Buffer | null = null;
  private spare: Buffer | null = null;
  private storing: Promise<void> = Promise.resolve();
  size = 0;
  constructor(
    private readonly store: (bytes: Buffer) => Promise<void>,
    private readonly pieceBytes = CHUNK_BYTES,
  ) {
    // A character is at most four bytes of UTF-8: a piece must hold one.
    if (pieceBytes < 4) throw new Error('A piece holds at least 4 bytes.');
    this.piece = Buffer.allocUnsafe(pieceBytes);
  }
  /** Texts as UTF-8, one after the other (a character never split across pieces: a piece may end a few bytes short). */
  async texts(texts: readonly string[]) {
    for (const text of texts) {
      let rest = text;
      for (;;) {
        const { read, written } = utf8.encodeInto(rest, this.piece.subarray(this.used));
        this.used += written;
        this.size += written;
        if (read === rest.length) break;
        rest = rest.slice(read);
        await this.send();
      }
    }
  }
  /** Bytes as they are (the XLSX's zip). */
  async bytes(bytes: Uint8Array) {
    let at = 0;
    while (at < bytes.length) {
      const n = Math.min(bytes.length - at, this.pieceBytes - this.used);
      this.piece.set(bytes.subarray(at, at + n), this.used);
      this.used += n;
      this.size += n;
      at += n;
      if (this.used === this.pieceBytes) await this.send();
    }
  }
  /** Stores the piece written so far (once the one before is stored) and goes on in the other buffer. */
  private async send() {
    await this.storing;
    if (this.inFlight) this.spare = this.inFlight;
    this.inFlight = null;
    let bytes: Buffer;
    if (this.used === this.pieceBytes) {
      bytes = this.piece;
      this.inFlight = this.piece;
      this.piece = this.spare ?? Buffer.allocUnsafe(this.pieceBytes);
      this.spare = null;
    } else {
      // A short piece: a copy of its own bytes (a view's offset is not every driver's concern).
      bytes = Buffer.from(this.piece.subarray(0, this.used));
    }
    this.used = 0;
    this.storing = this.store(bytes);
    // A failure surfaces at the next piece (or the last), not as an unhandled rejection.
    this.storing.catch(() => {});
  }
  /** Stores what is left; resolves once every piece is stored. */
  async end() {
    if (this.used > 0) await this.send();
    await this.storing;
  }
  settled(): Promise<void> {
    return this.storing.catch(() => undefined);
  }
}

function csvWriter(columns: string[], pieces: Pieces): FileWriter {
  const header = pieces.texts([`\uFEFF${csvLine(columns)}`]);
  const format = csvRowFormat(columns);
  const write = async (texts: string[]) => {
    await header;
    await pieces.texts(texts);
  };
  return {
    format,
    write,
    rows: (rows) => write(rows.map(format)),
    async end() {
      await header;
      await pieces.end();
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
  // The zip hands out its bytes as it makes them, inside `push`; they are written to the pieces after.
  let made: Uint8Array[] = [];
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else made.push(chunk);
    if (final || error) finished();
  });
  const drain = async () => {
    if (failure) throw failure;
    const chunks = made;
    made = [];
    for (const chunk of chunks) await pieces.bytes(chunk);
  };
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
  const getters = columns.map(columnGetter);
  const n = getters.length;
  const format = (row: unknown) => {
    const cells = new Array<string>(n);
    for (let i = 0; i < n; i++) cells[i] = xlsxCell(getters[i]!(row));
    return xlsxRow(cells);
  };
  const write = async (rows: string[]) => {
    sheet.push(strToU8(rows.join('')));
    await drain();
  };
  return {
    format,
    write,
    rows: (rows) => write(rows.map(format)),
    async end() {
      sheet.push(strToU8('</sheetData></worksheet>'), true);
      zip.end();
      await done;
      await drain();
      await pieces.end();
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
