/**
 * Checking a subscription CSV (the preview, the import's start, and the job again before it writes):
 * the file read with csv-parse, every row's cells by `parseSubscriptionImportRow`, then the customer by
 * email and the product variant by SKU, looked up in the company. Every problem is a row error naming
 * its row (as a spreadsheet numbers it: the header is row 1) and column; nothing is written here.
 */
import {
  SUBSCRIPTION_IMPORT_MAX_ERRORS,
  SUBSCRIPTION_IMPORT_MAX_ROWS,
  SUBSCRIPTION_IMPORT_REQUIRED_COLUMNS,
  SUBSCRIPTION_IMPORT_SAMPLE_ROWS,
  type SubscriptionImportPreview,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import {
  parseSubscriptionImportRow,
  SUBSCRIPTION_IMPORT_COLUMNS,
  type SubscriptionImportError,
} from '@rentloop/domain/subscription-import-rows';
import { CsvError, type Options, parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { customers, products, productVariants } from '../../db/schema/index.ts';
import type { StoredImportRow } from '../../db/schema/subscription-imports.ts';
import { AppError } from '../../errors.ts';
import { toMinor } from '../../money.ts';

/** A 422 about the file as a whole, its message the reason (shown as "Import failed: {message}"). */
export const fileError = (message: string) => new AppError('validation', message, { file: [message] });

export interface MatchedCustomer {
  id: number;
  name: string;
  email: string;
  billing_address: (typeof customers.$inferSelect)['billing_address'];
  shipping_address: (typeof customers.$inferSelect)['shipping_address'];
}
export interface MatchedVariant {
  id: number;
  name: string;
  sku: string;
  product_id: number;
  product_name: string;
  buyout_price: bigint | null;
}
/** A row that passed every check, with what it names. */
export interface MatchedRow extends StoredImportRow {
  customer: MatchedCustomer;
  variant: MatchedVariant;
  unit_price: bigint;
}

/** A spreadsheet set to a decimal comma saves with semicolons: the header line says which it is. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/** csv-parse's answer, or a 422 on `file` naming the line it could not read (the asset import reads with it too). */
export function parseCsv<T>(text: string, options: Options): T {
  try {
    return parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      ...options,
    }) as T;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? null;
      throw fileError(TEXTS.unreadable(line, err.message.replace(/\s*at line \d+/, '')));
    }
    throw err;
  }
}

const columnName = (h: string) => h.trim().toLowerCase();

/** The file's rows converted, or their problems; the header and the row count are checked first. */
export function parseImportFile(text: string): {
  rows: StoredImportRow[];
  errors: SubscriptionImportError[];
  /** The cells of the rows with errors that are still worth looking up (their email, SKU and price). */
  partial: Cells[];
} {
  const [header = []] = parseCsv<string[][]>(text, { to_line: 1 });
  if (header.length === 0) throw fileError(TEXTS.noRows);
  const names = header.map(columnName);
  const missing = SUBSCRIPTION_IMPORT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) throw fileError(TEXTS.missingColumns(missing));
  const records = parseCsv<Record<string, string>[]>(text, {
    columns: (h: string[]) => h.map(columnName),
    skip_empty_lines: true,
  });
  if (records.length === 0) throw fileError(TEXTS.noRows);
  if (records.length > SUBSCRIPTION_IMPORT_MAX_ROWS) throw fileError(TEXTS.tooManyRows(records.length));
  const rows: StoredImportRow[] = [];
  const errors: SubscriptionImportError[] = [];
  const partial: Cells[] = [];
  records.forEach((record, i) => {
    // The row as a spreadsheet numbers it: the header is row 1.
    const parsed = parseSubscriptionImportRow(record, i + 2);
    if (parsed.ok) {
      rows.push({ ...parsed.value, row: i + 2 });
      return;
    }
    errors.push(...parsed.errors);
    // Its other cells are still looked up, so that the preview lists every problem of the row at once.
    const failed = new Set(parsed.errors.map((e) => e.column));
    const cellOf = (column: 'customer_email' | 'sku' | 'price') => {
      const value = record[column]?.trim();
      return value && !failed.has(column) ? value : undefined;
    };
    partial.push({
      row: i + 2,
      customer_email: cellOf('customer_email')?.toLowerCase(),
      sku: cellOf('sku'),
      price: cellOf('price'),
    });
  });
  return { rows, errors, partial };
}

/** What a row names, as far as it could be read. */
export interface Cells {
  row: number;
  customer_email?: string;
  sku?: string;
  price?: string;
}

/**
 * Matches converted rows with the company's customers and variants. `lock` (the job's write
 * transaction) locks what they name against archiving and deletion until it commits.
 */
export async function matchRows(
  ctx: Ctx,
  rows: readonly StoredImportRow[],
  currency: string,
  opts: { lock?: boolean } = {},
): Promise<{ matched: MatchedRow[]; errors: SubscriptionImportError[] }> {
  return lookUp(ctx, rows, currency, opts) as Promise<{
    matched: MatchedRow[];
    errors: SubscriptionImportError[];
  }>;
}

/** The problems of what the rows with cell errors name (customer, SKU, price), for the preview. */
export async function partialProblems(
  ctx: Ctx,
  cells: readonly Cells[],
  currency: string,
): Promise<SubscriptionImportError[]> {
  return (await lookUp(ctx, cells, currency, {})).errors;
}

/** Rows looked up; a row with every cell (a `StoredImportRow`) and no problem is matched. */
async function lookUp(
  ctx: Ctx,
  rows: readonly (Cells | StoredImportRow)[],
  currency: string,
  opts: { lock?: boolean },
): Promise<{ matched: MatchedRow[]; errors: SubscriptionImportError[] }> {
  const emails = [...new Set(rows.flatMap((r) => r.customer_email ?? []))];
  const skus = [...new Set(rows.flatMap((r) => r.sku ?? []))];
  const customerQuery = ctx.db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      billing_address: customers.billing_address,
      shipping_address: customers.shipping_address,
      archived_at: customers.archived_at,
    })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), inArray(customers.email, emails)));
  const variantQuery = ctx.db
    .select({
      id: productVariants.id,
      name: productVariants.name,
      sku: productVariants.sku,
      product_id: products.id,
      product_name: products.name,
      product_type: products.type,
      archived_at: products.archived_at,
      buyout_price: products.buyout_price,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
    )
    .where(and(eq(productVariants.company_id, ctx.companyId), inArray(productVariants.sku, skus)));
  const found = emails.length === 0 ? [] : await (opts.lock ? customerQuery.for('share') : customerQuery);
  const variants = skus.length === 0 ? [] : await (opts.lock ? variantQuery.for('share') : variantQuery);
  const byEmail = new Map(found.map((c) => [c.email, c]));
  const bySku = new Map<string, typeof variants>();
  for (const v of variants) bySku.set(v.sku ?? '', [...(bySku.get(v.sku ?? '') ?? []), v]);

  const matched: MatchedRow[] = [];
  const errors: SubscriptionImportError[] = [];
  for (const row of rows) {
    const problems: SubscriptionImportError[] = [];
    const problem = (column: SubscriptionImportError['column'], message: string) =>
      problems.push({ row: row.row, column, message });
    const customer = row.customer_email === undefined ? undefined : byEmail.get(row.customer_email);
    // An undefined cell was not read (it has an error of its own already).
    if (row.customer_email !== undefined) {
      if (!customer) problem('customer_email', TEXTS.noCustomer);
      else if (customer.archived_at !== null) problem('customer_email', TEXTS.customerArchived);
    }
    const candidates = row.sku === undefined ? [] : (bySku.get(row.sku) ?? []);
    const variant = candidates[0];
    if (row.sku !== undefined) {
      if (!variant) problem('sku', TEXTS.noVariant);
      else if (candidates.length > 1) problem('sku', TEXTS.ambiguousSku);
      else if (variant.archived_at !== null) problem('sku', TEXTS.productArchived(variant.product_name));
      else if (variant.product_type === 'consumable') problem('sku', TEXTS.consumable(variant.product_name));
    }
    let unitPrice: bigint | null | undefined = null;
    try {
      unitPrice = toMinor(row.price, currency, 'price');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      problem('price', err.errors?.price?.[0] ?? err.message);
    }
    if (problems.length > 0 || !customer || !variant || unitPrice == null || !('status' in row)) {
      errors.push(...problems);
      continue;
    }
    matched.push({
      ...row,
      customer: {
        id: customer.id,
        name: customer.name,
        email: customer.email,
        billing_address: customer.billing_address,
        shipping_address: customer.shipping_address,
      },
      variant: {
        id: variant.id,
        name: variant.name,
        sku: row.sku,
        product_id: variant.product_id,
        product_name: variant.product_name,
        buyout_price: variant.buyout_price,
      },
      unit_price: unitPrice,
    });
  }
  return { matched, errors };
}

const columnIndex = (column: SubscriptionImportError['column']) =>
  column === null ? -1 : SUBSCRIPTION_IMPORT_COLUMNS.indexOf(column);

export interface CheckedFile {
  preview: SubscriptionImportPreview;
  /** Every row, converted (only meaningful when the preview has no errors). */
  rows: StoredImportRow[];
}

/** The preview of a file: every row checked and matched, nothing written. */
export async function checkImportFile(
  ctx: Ctx,
  text: string,
  fileName: string | null,
  currency: string,
): Promise<CheckedFile> {
  const parsed = parseImportFile(text);
  const { matched, errors } = await matchRows(ctx, parsed.rows, currency);
  const more = await partialProblems(ctx, parsed.partial, currency);
  // By row, then in the columns' order (a stable sort keeps each row's own order otherwise).
  const all = [...parsed.errors, ...errors, ...more].sort(
    (a, b) => a.row - b.row || columnIndex(a.column) - columnIndex(b.column),
  );
  const invalid = new Set(all.map((e) => e.row)).size;
  const total = parsed.rows.length + new Set(parsed.errors.map((e) => e.row)).size;
  return {
    rows: parsed.rows,
    preview: {
      file_name: fileName,
      rows: total,
      valid: total - invalid,
      invalid,
      error_count: all.length,
      errors: all.slice(0, SUBSCRIPTION_IMPORT_MAX_ERRORS),
      orders: new Set(matched.map((m) => m.customer.id)).size,
      sample: matched.slice(0, SUBSCRIPTION_IMPORT_SAMPLE_ROWS).map((m) => ({
        row: m.row,
        customer_email: m.customer_email,
        customer_name: m.customer.name,
        sku: m.sku,
        product_name: m.variant.product_name,
        variant_name: m.variant.name,
        quantity: m.quantity,
        price: m.price,
        tax_percent: m.tax_percent,
        frequency: m.frequency,
        interval: m.interval,
        start_date: m.start_date,
        minimum_term_months: m.minimum_term_months,
        auto_renew: m.auto_renew,
        status: m.status,
      })),
    },
  };
}
