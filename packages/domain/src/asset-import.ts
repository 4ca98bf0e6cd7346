/**
 * The asset CSV import (spec 02 §7 "POST .../{product}db/product-tracking/import with form data (CSV)",
 * §8 "Import failed: {server message}"): as the subscription import (subscription-import.ts) does it, a
 * preview that checks every row and writes nothing, then the import as a background job with progress,
 * all rows or none. A row is one physical unit of a variant (found by SKU), in stock; bundle units are
 * created one by one (`POST product-tracking`). The texts of the file as a whole are the subscription
 * import's; these are the asset rows' rules, limits and wire schemas.
 */
import { z } from 'zod';
import { isoDate, safeText } from './api.ts';
import { MESSAGES } from './messages.ts';
import { serialNumberSchema } from './product-tracking.ts';
import { SUBSCRIPTION_IMPORT_STATES } from './subscription-import.ts';
import { SUBSCRIPTION_IMPORT_TEXTS } from './subscription-import-rows.ts';

const DATE_FORMAT = SUBSCRIPTION_IMPORT_TEXTS.dateFormat;

/** Rows of one file: a whole fleet (the bench imports 100,000 in one transaction). */
export const ASSET_IMPORT_MAX_ROWS = 100_000;
/** Bytes of one file: 100,000 rows of six short columns fit well under this. */
export const ASSET_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** Row errors an answer lists (the count says how many there are in all). */
export const ASSET_IMPORT_MAX_ERRORS = 500;
/** Rows the preview shows as read. */
export const ASSET_IMPORT_SAMPLE_ROWS = 5;

export const ASSET_IMPORT_COLUMNS = [
  'serial_number',
  'sku',
  'purchase_date',
  'purchase_cost',
  'location',
  'condition_note',
] as const;
export type AssetImportColumn = (typeof ASSET_IMPORT_COLUMNS)[number];
/** Columns the file's first line must name (the others may be left out). */
export const ASSET_IMPORT_REQUIRED_COLUMNS = [
  'serial_number',
  'sku',
] as const satisfies readonly AssetImportColumn[];

export const ASSET_IMPORT_STATES = SUBSCRIPTION_IMPORT_STATES;

const count = (n: number) => n.toLocaleString('en-US');

export const ASSET_IMPORT_TEXTS = {
  tooLarge: `The file is larger than ${ASSET_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: (rows: number) =>
    `The file has ${count(rows)} rows; at most ${count(ASSET_IMPORT_MAX_ROWS)} can be imported at once.`,
  duplicateInFile: (row: number) => `The same serial number as row ${row} (serial numbers ignore case).`,
  serialTaken: MESSAGES.assetSerialTaken,
  noVariant: 'No product variant has this SKU.',
  ambiguousSku: 'Several product variants have this SKU.',
  purchaseCost: 'An amount such as 499.00, not negative.',
  takenMeanwhile:
    'A serial number of the file was created meanwhile (by hand or by another import); nothing was imported.',
  succeeded: (assets: number) => `Imported ${count(assets)} ${assets === 1 ? 'asset' : 'assets'}.`,
} as const;

/** Optional free text of a cell: trimmed, empty is null. */
const cellText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));
/** An empty cell is "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The cells of a row, as read (the cost stays a decimal string: the server converts it in the company's currency). */
const assetImportRowSchema = z.object({
  serial_number: z
    .preprocess(blank, serialNumberSchema.optional())
    .pipe(z.string({ error: MESSAGES.required })),
  sku: z
    .preprocess(blank, safeText().trim().max(100).optional())
    .pipe(z.string({ error: MESSAGES.required })),
  purchase_date: z
    .preprocess(
      (v) => (typeof v === 'string' ? blank(v.trim()) : v),
      z.iso.date({ error: DATE_FORMAT }).pipe(isoDate()).optional(),
    )
    .transform((v) => v ?? null),
  purchase_cost: z
    .preprocess(
      (v) => (typeof v === 'string' ? blank(v.trim()) : v),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, ASSET_IMPORT_TEXTS.purchaseCost)
        .optional(),
    )
    .transform((v) => v ?? null),
  location: cellText(200),
  condition_note: cellText(2000),
});
export type AssetImportRow = z.output<typeof assetImportRowSchema>;

export const assetImportErrorSchema = z.object({
  /** The row as the person sees it in a spreadsheet: the header is row 1. */
  row: z.number().int(),
  column: z.enum(ASSET_IMPORT_COLUMNS).nullable(),
  message: z.string(),
});
export type AssetImportError = z.infer<typeof assetImportErrorSchema>;

/** One row's cells checked on their own (the server then matches the SKU and the serial number). */
export function parseAssetImportRow(
  record: Readonly<Record<string, string | undefined>>,
  rowNumber: number,
): { ok: true; value: AssetImportRow } | { ok: false; errors: AssetImportError[] } {
  const input = Object.fromEntries(ASSET_IMPORT_COLUMNS.map((c) => [c, record[c]]));
  const result = assetImportRowSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const column = issue.path[0];
      return {
        row: rowNumber,
        column: ASSET_IMPORT_COLUMNS.includes(column as AssetImportColumn)
          ? (column as AssetImportColumn)
          : null,
        message: issue.message,
      };
    }),
  };
}

/** A row as read and matched: the unit the import will create. */
export const assetImportSampleSchema = z.object({
  row: z.number().int(),
  serial_number: z.string(),
  sku: z.string(),
  product_name: z.string(),
  variant_name: z.string(),
  purchase_date: z.string().nullable(),
  purchase_cost: z.string().nullable(),
  location: z.string().nullable(),
});

/** `POST product-tracking/import/preview`: what the file holds and every row's problems; nothing written. */
export const assetImportPreviewSchema = z.object({
  file_name: z.string().nullable(),
  rows: z.number().int(),
  valid: z.number().int(),
  /** Rows with at least one error. */
  invalid: z.number().int(),
  /** Every error of the file (the list holds at most ASSET_IMPORT_MAX_ERRORS of them). */
  error_count: z.number().int(),
  errors: z.array(assetImportErrorSchema),
  sample: z.array(assetImportSampleSchema),
});
export type AssetImportPreview = z.infer<typeof assetImportPreviewSchema>;

/** An import: its state and progress (polled while it runs). */
export const assetImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(ASSET_IMPORT_STATES),
  file_name: z.string().nullable(),
  total_rows: z.number().int(),
  /** Rows checked again by the job; the assets are written once all are, in one transaction. */
  processed_rows: z.number().int(),
  created_assets: z.number().int(),
  error: z.string().nullable(),
  requested_by: z.number().int().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type AssetImport = z.infer<typeof assetImportSchema>;

const TEMPLATE_EXAMPLE: Record<AssetImportColumn, string> = {
  serial_number: 'EB-000123',
  sku: 'BIKE-M',
  purchase_date: '2026-01-31',
  purchase_cost: '1499.00',
  location: 'Warehouse A',
  condition_note: 'New',
};

/** The downloadable template: the header line and one example row. */
export const assetImportTemplate = () =>
  `${ASSET_IMPORT_COLUMNS.join(',')}\r\n${ASSET_IMPORT_COLUMNS.map((c) => TEMPLATE_EXAMPLE[c]).join(',')}\r\n`;
