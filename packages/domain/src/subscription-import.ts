/**
 * The subscription CSV import (spec 01 §7 "POST subscriptions/import (form data)", §8 "Import failed:
 * {server message}"): a preview that checks every row and writes nothing, then the import as a
 * background job, all rows or none. The row rules are `parseSubscriptionImportRow` (subscriptions.ts);
 * these are the wire schemas, the limits and the texts of the file as a whole.
 */
import { z } from 'zod';
import { SUBSCRIPTION_IMPORT_COLUMNS, type SubscriptionImportColumn } from './subscription-import-rows.ts';

/** Rows of one file: a larger file is split by the merchant (each import is one transaction). */
export const SUBSCRIPTION_IMPORT_MAX_ROWS = 5_000;
/** Bytes of one file: 5,000 rows of eleven columns fit in well under this. */
export const SUBSCRIPTION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Row errors an answer lists (the count says how many there are in all). */
export const SUBSCRIPTION_IMPORT_MAX_ERRORS = 500;
/** Rows the preview shows as read. */
export const SUBSCRIPTION_IMPORT_SAMPLE_ROWS = 5;

/** Columns without a default: the file's first line must name them. */
export const SUBSCRIPTION_IMPORT_REQUIRED_COLUMNS = [
  'customer_email',
  'sku',
  'price',
  'tax_percent',
  'frequency',
  'start_date',
] as const satisfies readonly SubscriptionImportColumn[];

export const SUBSCRIPTION_IMPORT_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;

const count = (n: number) => n.toLocaleString('en-US');

export const SUBSCRIPTION_IMPORT_FILE_TEXTS = {
  fileRequired: 'Choose a CSV file.',
  tooLarge: `The file is larger than ${SUBSCRIPTION_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  notText: 'The file is not a text (UTF-8) CSV file.',
  unreadable: (line: number | null, reason: string) =>
    `The file is not a readable CSV${line ? ` (line ${line})` : ''}: ${reason}`,
  noRows: 'The file has no rows below its header line.',
  tooManyRows: (rows: number) =>
    `The file has ${count(rows)} rows; at most ${count(SUBSCRIPTION_IMPORT_MAX_ROWS)} can be imported at once.`,
  missingColumns: (columns: readonly string[]) =>
    `The file has no column ${columns.join(', ')}. Its first line must name the columns (download the template).`,
  rowsHaveErrors: (rows: number) =>
    `${count(rows)} ${rows === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`,
  alreadyRunning: 'An import is already queued or running. Wait for it to finish.',
  noCustomer: 'No customer of this company has this email.',
  customerArchived: 'This customer is archived.',
  noVariant: 'No product variant has this SKU.',
  ambiguousSku: 'Several product variants have this SKU.',
  productArchived: (name: string) => `${name} is archived and cannot be rented.`,
  consumable: (name: string) => `${name} is a consumable and cannot be rented.`,
  started: 'Import started.',
  succeeded: (subscriptions: number, orders: number) =>
    `Imported ${count(subscriptions)} ${subscriptions === 1 ? 'subscription' : 'subscriptions'} in ${count(orders)} ${orders === 1 ? 'order' : 'orders'}.`,
  changedSinceChecked: (row: number, column: string | null, message: string, more: number) =>
    `Row ${row}${column ? `, ${column}` : ''}: ${message}${more > 0 ? ` (and ${count(more)} more)` : ''} The data changed since the file was checked; nothing was imported.`,
  currencyChanged: "The company's currency changed since the file was checked; nothing was imported.",
  unexpected: 'The import stopped on an unexpected error; nothing was imported. Start it again.',
  abandoned: 'The import did not finish (the worker stopped); nothing was imported. Start it again.',
} as const;

export const subscriptionImportErrorSchema = z.object({
  /** The row as the person sees it in a spreadsheet: the header is row 1. */
  row: z.number().int(),
  column: z.enum(SUBSCRIPTION_IMPORT_COLUMNS).nullable(),
  message: z.string(),
});

/** A row as read and matched: what the import will create. */
export const subscriptionImportSampleSchema = z.object({
  row: z.number().int(),
  customer_email: z.string(),
  customer_name: z.string().nullable(),
  sku: z.string(),
  product_name: z.string().nullable(),
  variant_name: z.string().nullable(),
  quantity: z.number().int(),
  price: z.string(),
  tax_percent: z.string(),
  frequency: z.string(),
  interval: z.number().int(),
  start_date: z.string(),
  minimum_term_months: z.number().int(),
  auto_renew: z.boolean(),
  status: z.string(),
});

/** `POST subscriptions/import/preview`: what the file holds and every row's problems; nothing written. */
export const subscriptionImportPreviewSchema = z.object({
  file_name: z.string().nullable(),
  rows: z.number().int(),
  valid: z.number().int(),
  /** Rows with at least one error. */
  invalid: z.number().int(),
  /** Every error of the file (the list holds at most SUBSCRIPTION_IMPORT_MAX_ERRORS of them). */
  error_count: z.number().int(),
  errors: z.array(subscriptionImportErrorSchema),
  /** One order per customer: how many the import will create. */
  orders: z.number().int(),
  sample: z.array(subscriptionImportSampleSchema),
});
export type SubscriptionImportPreview = z.infer<typeof subscriptionImportPreviewSchema>;

/** An import: its state and progress (polled while it runs). */
export const subscriptionImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_IMPORT_STATES),
  file_name: z.string().nullable(),
  total_rows: z.number().int(),
  /** Rows checked again by the job; the subscriptions are written once all are, in one transaction. */
  processed_rows: z.number().int(),
  created_subscriptions: z.number().int(),
  created_orders: z.number().int(),
  error: z.string().nullable(),
  requested_by: z.number().int().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionImport = z.infer<typeof subscriptionImportSchema>;

/** The multipart body of both routes: the CSV file in the field `file`. */
export const subscriptionImportFileSchema = z.object({
  file: z
    .string({ error: SUBSCRIPTION_IMPORT_FILE_TEXTS.fileRequired })
    .meta({ format: 'binary', description: 'The CSV file (UTF-8, header line first).' }),
});

/** An example row of the template, in the columns' order. */
const TEMPLATE_EXAMPLE: Record<SubscriptionImportColumn, string> = {
  customer_email: 'jane@example.com',
  sku: 'BIKE-M',
  quantity: '1',
  price: '29.90',
  tax_percent: '13',
  frequency: 'monthly',
  interval: '1',
  start_date: '2026-01-31',
  minimum_term_months: '12',
  auto_renew: 'true',
  status: 'active',
};

/** The downloadable template: the header line and one example row. */
export const subscriptionImportTemplate = () =>
  `${SUBSCRIPTION_IMPORT_COLUMNS.join(',')}\r\n${SUBSCRIPTION_IMPORT_COLUMNS.map((c) => TEMPLATE_EXAMPLE[c]).join(',')}\r\n`;

/** The key of a row error in a 422's `errors` (`rows.4.sku`), and back. */
export const importErrorKey = (e: { row: number; column: string | null }) =>
  `rows.${e.row}${e.column ? `.${e.column}` : ''}`;
export function parseImportErrorKey(key: string): { row: number; column: string | null } | null {
  const m = /^rows\.(\d+)(?:\.([a-z_]+))?$/.exec(key);
  return m ? { row: Number(m[1]), column: m[2] ?? null } : null;
}
