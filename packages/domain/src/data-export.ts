/**
 * Data export (spec 01 §2 `/cms/data-export/{token?}`, §7 "Notes, email, history, export", §8 "Email
 * and export"): staff ask for one of the lists as a file (`POST data-export`), with that list's search,
 * sort and filters, the columns they want and the format; a job writes the file, and `GET data/{token}`
 * downloads it for `DATA_EXPORT_DAYS` days (decision 66).
 */
import { z } from 'zod';
import { safeText } from './api.ts';

/** The lists that can be exported (each with the list's own filters and record fields). */
export const DATA_EXPORT_KINDS = [
  'customers',
  'orders',
  'order_items',
  'subscriptions',
  'invoices',
  'transactions',
  'recurring_payments',
  'assets',
  'products',
  'vouchers',
] as const;
export type DataExportKind = (typeof DATA_EXPORT_KINDS)[number];

/** The lists holding personal data: their exports are written to the history log by name. */
export const PERSONAL_DATA_KINDS: readonly DataExportKind[] = [
  'customers',
  'orders',
  'order_items',
  'subscriptions',
  'invoices',
  'transactions',
  'recurring_payments',
];

export const DATA_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

/** `queued` until the job starts, `running` while it writes, then `ready` or `failed`. */
export const DATA_EXPORT_STATES = ['queued', 'running', 'ready', 'failed'] as const;

/** How long a file can be downloaded after it was asked for. */
export const DATA_EXPORT_DAYS = 7;

export const DATA_EXPORT_TEXTS = {
  kindLabel: {
    customers: 'Customers',
    orders: 'Orders',
    order_items: 'Order Items',
    subscriptions: 'Subscriptions',
    invoices: 'Invoices',
    transactions: 'Payments',
    recurring_payments: 'Recurring Payments',
    assets: 'Assets',
    products: 'Products',
    vouchers: 'Vouchers',
  } satisfies Record<DataExportKind, string>,
  unknownColumn: (column: string) => `"${column}" is not a column of this list.`,
  noColumns: 'Choose at least one column.',
  expired: 'This export has expired. Request a new one.',
  preparing: 'This export is still being prepared.',
  failed: 'This export could not be made. Request a new one.',
  readyTitle: 'Data export ready',
  failedTitle: 'Data export failed',
} as const;

/** `POST data-export`: what, which rows (the list's own search, sort, desc and filters), which columns, how. */
export const dataExportRequestSchema = z.strictObject({
  kind: z.enum(DATA_EXPORT_KINDS),
  format: z.enum(DATA_EXPORT_FORMATS),
  /** The fields of the list's record to write, in this order; empty or left out: every field. */
  columns: z.array(safeText().min(1).max(100)).max(200).optional(),
  search: safeText().trim().max(200).optional(),
  sort: safeText().max(64).optional(),
  desc: z.boolean().optional(),
  /** The list's filters as its `filters` query parameter takes them (a JSON object). */
  filters: safeText().max(2000).optional(),
});
export type DataExportRequest = z.infer<typeof dataExportRequestSchema>;

export const dataExportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DATA_EXPORT_KINDS),
  format: z.enum(DATA_EXPORT_FORMATS),
  status: z.enum(DATA_EXPORT_STATES),
  columns: z.array(z.string()),
  /** Rows written so far, and how many the list had when the job started (null before). */
  rows_done: z.number().int(),
  rows_total: z.number().int().nullable(),
  file_name: z.string(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  expires_at: z.string(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The answer to `POST data-export`: the export and its token, shown this once (only its hash is kept). */
export const dataExportCreatedSchema = dataExportSchema.extend({ token: z.string() });
export type DataExportCreated = z.infer<typeof dataExportCreatedSchema>;

/** Each exportable list's columns, as `GET data-export/columns` answers them. */
export const dataExportColumnsSchema = z.array(
  z.object({ kind: z.enum(DATA_EXPORT_KINDS), columns: z.array(z.string()) }),
);

/** A download token: 43 characters of base64url (32 random bytes). */
export const DATA_EXPORT_TOKEN = /^[A-Za-z0-9_-]{43}$/;
