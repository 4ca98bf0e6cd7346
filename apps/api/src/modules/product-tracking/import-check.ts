/**
 * Checking an asset CSV (the preview, the import's start, and the job again before it writes), as the
 * subscription import checks its file (subscriptions/import-check.ts, whose CSV reading this uses): every
 * row's cells by `parseAssetImportRow`, the serial numbers against each other (ignoring case) and against
 * the company's assets, the variant by SKU, the purchase cost in the company's currency. Every problem is
 * a row error naming its row (the header is row 1) and column; nothing is written here.
 */
import {
  ASSET_IMPORT_TEXTS as A,
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_ERRORS,
  ASSET_IMPORT_MAX_ROWS,
  ASSET_IMPORT_REQUIRED_COLUMNS,
  ASSET_IMPORT_SAMPLE_ROWS,
  type AssetImportError,
  type AssetImportPreview,
  parseAssetImportRow,
} from '@rentloop/domain/asset-import';
import { SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS } from '@rentloop/domain/subscription-import';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { StoredAssetImportRow } from '../../db/schema/asset-imports.ts';
import { products, productTracking, productVariants } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { toMinor } from '../../money.ts';
import { fileError, parseCsv } from '../subscriptions/import-check.ts';

/** Values per `IN (...)` list: far below PostgreSQL's 65,535 parameters of a statement. */
const LOOKUP_CHUNK = 5_000;

export interface MatchedAssetRow extends StoredAssetImportRow {
  variant: { id: number; product_id: number; product_name: string; variant_name: string };
  cost: bigint | null;
}

const columnName = (h: string) => h.trim().toLowerCase();

/** The file's rows converted, or their problems; the header and the row count are checked first. */
export function parseAssetImportFile(text: string): {
  rows: StoredAssetImportRow[];
  errors: AssetImportError[];
  /** The rows with cell errors whose serial number and SKU are still worth looking up. */
  partial: Cells[];
} {
  const [header = []] = parseCsv<string[][]>(text, { to_line: 1 });
  if (header.length === 0) throw fileError(TEXTS.noRows);
  const names = header.map(columnName);
  const missing = ASSET_IMPORT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) throw fileError(TEXTS.missingColumns(missing));
  const records = parseCsv<Record<string, string>[]>(text, {
    columns: (h: string[]) => h.map(columnName),
    skip_empty_lines: true,
  });
  if (records.length === 0) throw fileError(TEXTS.noRows);
  if (records.length > ASSET_IMPORT_MAX_ROWS) throw fileError(A.tooManyRows(records.length));
  const rows: StoredAssetImportRow[] = [];
  const errors: AssetImportError[] = [];
  const partial: Cells[] = [];
  records.forEach((record, i) => {
    const parsed = parseAssetImportRow(record, i + 2);
    if (parsed.ok) {
      rows.push({ ...parsed.value, row: i + 2 });
      return;
    }
    errors.push(...parsed.errors);
    // Its other cells are still looked up, so that the preview lists every problem of the row at once.
    const failed = new Set(parsed.errors.map((e) => e.column));
    const cellOf = (column: 'serial_number' | 'sku') => {
      const value = record[column]?.trim();
      return value && !failed.has(column) ? value : undefined;
    };
    partial.push({
      row: i + 2,
      serial_number: cellOf('serial_number'),
      sku: cellOf('sku'),
      purchase_cost: failed.has('purchase_cost') ? undefined : record.purchase_cost?.trim() || null,
    });
  });
  return { rows, errors, partial };
}

/** What a row names, as far as it could be read. */
export interface Cells {
  row: number;
  serial_number?: string;
  sku?: string;
  purchase_cost?: string | null;
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += LOOKUP_CHUNK) out.push(list.slice(i, i + LOOKUP_CHUNK));
  return out;
}

/** The serial numbers (lower-cased) the company's assets already have, of those given. */
async function takenSerials(ctx: Ctx, lowered: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(lowered)) {
    const found = await ctx.db
      .select({ serial: sql<string>`lower(${productTracking.serial_number})` })
      .from(productTracking)
      .where(
        and(
          eq(productTracking.company_id, ctx.companyId),
          inArray(sql`lower(${productTracking.serial_number})`, part),
        ),
      );
    for (const f of found) taken.add(f.serial);
  }
  return taken;
}

/**
 * Rows looked up in the company. `lock` (the job's write transaction) locks the variants against
 * deletion until it commits; a serial number taken meanwhile is caught by the unique index on insert.
 */
export async function matchAssetRows(
  ctx: Ctx,
  rows: readonly (Cells | StoredAssetImportRow)[],
  currency: string,
  opts: { lock?: boolean } = {},
): Promise<{ matched: MatchedAssetRow[]; errors: AssetImportError[] }> {
  const skus = [...new Set(rows.flatMap((r) => r.sku ?? []))];
  const variants: {
    id: number;
    sku: string | null;
    product_id: number;
    product_name: string;
    variant_name: string;
  }[] = [];
  for (const part of chunks(skus)) {
    const q = ctx.db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        product_id: productVariants.product_id,
        product_name: products.name,
        variant_name: productVariants.name,
      })
      .from(productVariants)
      .innerJoin(
        products,
        and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
      )
      .where(and(eq(productVariants.company_id, ctx.companyId), inArray(productVariants.sku, part)));
    variants.push(...(await (opts.lock ? q.for('share', { of: productVariants }) : q)));
  }
  const bySku = new Map<string, typeof variants>();
  for (const v of variants) bySku.set(v.sku ?? '', [...(bySku.get(v.sku ?? '') ?? []), v]);
  const taken = await takenSerials(ctx, [
    ...new Set(rows.flatMap((r) => (r.serial_number ? [r.serial_number.toLowerCase()] : []))),
  ]);

  const firstRow = new Map<string, number>();
  const matched: MatchedAssetRow[] = [];
  const errors: AssetImportError[] = [];
  for (const row of rows) {
    const problems: AssetImportError[] = [];
    const problem = (column: AssetImportError['column'], message: string) =>
      problems.push({ row: row.row, column, message });
    if (row.serial_number !== undefined) {
      const key = row.serial_number.toLowerCase();
      const first = firstRow.get(key);
      if (first !== undefined) problem('serial_number', A.duplicateInFile(first));
      else {
        firstRow.set(key, row.row);
        if (taken.has(key)) problem('serial_number', A.serialTaken);
      }
    }
    const candidates = row.sku === undefined ? [] : (bySku.get(row.sku) ?? []);
    const variant = candidates[0];
    if (row.sku !== undefined) {
      if (!variant) problem('sku', A.noVariant);
      else if (candidates.length > 1) problem('sku', A.ambiguousSku);
    }
    let cost: bigint | null = null;
    if (row.purchase_cost !== undefined) {
      try {
        cost = toMinor(row.purchase_cost, currency, 'purchase_cost') ?? null;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        problem('purchase_cost', err.errors?.purchase_cost?.[0] ?? err.message);
      }
    }
    // A partly read row (`Cells`, no `location`) is only looked up, never matched.
    if (problems.length > 0 || !variant || !('location' in row)) {
      errors.push(...problems);
      continue;
    }
    matched.push({
      ...row,
      variant: {
        id: variant.id,
        product_id: variant.product_id,
        product_name: variant.product_name,
        variant_name: variant.variant_name,
      },
      cost,
    });
  }
  return { matched, errors };
}

const columnIndex = (column: AssetImportError['column']) =>
  column === null ? -1 : ASSET_IMPORT_COLUMNS.indexOf(column);

/** The preview of a file: every row checked and matched, nothing written. */
export async function checkAssetImportFile(
  ctx: Ctx,
  text: string,
  fileName: string | null,
  currency: string,
): Promise<{ preview: AssetImportPreview; rows: StoredAssetImportRow[] }> {
  const parsed = parseAssetImportFile(text);
  // The rows in the file's order, the partly read ones included: a duplicate names the earlier row.
  const all = [...parsed.rows, ...parsed.partial].sort((a, b) => a.row - b.row);
  const { matched, errors } = await matchAssetRows(ctx, all, currency);
  const every = [...parsed.errors, ...errors].sort(
    (a, b) => a.row - b.row || columnIndex(a.column) - columnIndex(b.column),
  );
  const invalid = new Set(every.map((e) => e.row)).size;
  const total = all.length;
  return {
    rows: parsed.rows,
    preview: {
      file_name: fileName,
      rows: total,
      valid: total - invalid,
      invalid,
      error_count: every.length,
      errors: every.slice(0, ASSET_IMPORT_MAX_ERRORS),
      sample: matched.slice(0, ASSET_IMPORT_SAMPLE_ROWS).map((m) => ({
        row: m.row,
        serial_number: m.serial_number,
        sku: m.sku,
        product_name: m.variant.product_name,
        variant_name: m.variant.variant_name,
        purchase_date: m.purchase_date,
        purchase_cost: m.purchase_cost,
        location: m.location,
      })),
    },
  };
}
