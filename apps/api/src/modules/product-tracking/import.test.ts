/**
 * The asset CSV import end to end (routes -> job -> polling), on the subscription import's pattern: the
 * preview names every row's problem by row and column; 500 rows with one bad row import nothing and
 * name the row; fixed, all 500 are imported with their history and the variant's stock; a serial number
 * created by hand after the check fails the whole job; another company sees nothing (404, its SKUs and
 * serials its own). And the catalog's stock of a tracked variant stays the count of its assets in stock
 * through status changes (stock.ts).
 */
import { ASSET_IMPORT_TEXTS as A, ASSET_IMPORT_COLUMNS } from '@rentloop/domain/asset-import';
import { SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS } from '@rentloop/domain/subscription-import';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  assetImports,
  productTracking,
  productTrackingHistory,
  productVariants,
} from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { form } from '../subscriptions/import-fixture.ts';
import { assetImportJob, recordAssetImport } from './import.ts';
import { matchAssetRows, parseAssetImportFile } from './import-check.ts';
import { writeAssetRows } from './import-write.ts';

const h = useHarness({ jobs: true, clock: fixedClock('2026-03-15T12:00:00Z') });
const HEADER = ASSET_IMPORT_COLUMNS.join(',');
const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
/** serial, sku, purchase date, cost, location, note. */
const row = (serial: string, sku = 'EB-L', date = '2026-01-15', cost = '1499.00') =>
  [serial, sku, date, cost, 'Warehouse A', ''].join(',');
const fleet = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => row(`${prefix}-${i + 1}`));

let cid: number;
let admin: TestUser;
let variantId: number;
let other: { cid: number; admin: TestUser };

const api = (c: number, path: string) => `/api/${c}/rentloopdb/${path}`;
const upload = (path: 'import' | 'import/preview', text: string, c = cid, as = admin) => {
  const body = form(text, 'fleet.csv');
  return call(h.app, as, {
    method: 'POST',
    url: api(c, `product-tracking/${path}`),
    payload: body.payload,
    headers: body.headers,
  });
};
const assets = async (c = cid) =>
  Number(
    (
      await h.database.primary
        .select({ n: count() })
        .from(productTracking)
        .where(eq(productTracking.company_id, c))
    )[0]!.n,
  );
/** The variant's stock beside the count of its assets in stock (stock.ts keeps them equal). */
const stockAndCount = async () => {
  const [v] = await h.database.primary
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  const [n] = await h.database.primary
    .select({ n: count() })
    .from(productTracking)
    .where(and(eq(productTracking.variant_id, variantId), eq(productTracking.status, 'in stock')));
  return [v!.stock, Number(n!.n)];
};
async function finished(id: number) {
  let last: { status: string } | undefined;
  await expect
    .poll(
      async () => {
        last = (
          await call(h.app, admin, { method: 'GET', url: api(cid, `product-tracking/import/${id}`) })
        ).json().data;
        return last!.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toMatch(/succeeded|failed/);
  return last as Record<string, unknown>;
}

async function companyWithBike(name: string) {
  const company = await createCompany(h.database, { name, currency: 'EUR' });
  const user = await createUser(h, { company, role: 'admin' });
  const res = await call(h.app, user, {
    method: 'POST',
    url: api(company.id, 'products'),
    payload: { name: 'E-bike', variants: [{ sku: 'EB-L', name: 'Large', stock: 7 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { cid: company.id, admin: user, variant: res.json().data.variants[0].id as number };
}

beforeAll(async () => {
  const mine = await companyWithBike('Import Fleet');
  cid = mine.cid;
  admin = mine.admin;
  variantId = mine.variant;
  other = await companyWithBike('Other Fleet');
  const made = await call(h.app, admin, {
    method: 'POST',
    url: api(cid, 'product-tracking'),
    payload: { serial_number: 'OLD-1', variant_id: variantId },
  });
  expect(made.statusCode, made.body).toBe(201);
});

describe('the preview', () => {
  it('names every row problem by row and column and writes nothing', async () => {
    const before = await assets();
    const res = await upload(
      'import/preview',
      csv(
        row('NEW-1'),
        row(''),
        row('new-1'),
        row('old-1'),
        row('NEW-2', 'NOPE'),
        row('NEW-3', 'EB-L', '2026-02-30'),
        row('NEW-4', 'EB-L', '2026-01-01', '12.345'),
        row('NEW-5', 'EB-L', '2026-01-01', 'abc'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ rows: 8, valid: 1, invalid: 7, error_count: 7 });
    expect(preview.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'serial_number'],
      [4, 'serial_number'],
      [5, 'serial_number'],
      [6, 'sku'],
      [7, 'purchase_date'],
      [8, 'purchase_cost'],
      [9, 'purchase_cost'],
    ]);
    expect(preview.errors[1].message).toBe(A.duplicateInFile(2));
    expect(preview.errors[2].message).toBe(A.serialTaken);
    expect(preview.errors[3].message).toBe(A.noVariant);
    expect(preview.sample[0]).toMatchObject({ row: 2, serial_number: 'NEW-1', product_name: 'E-bike' });
    expect(await assets()).toBe(before);
  });
});

describe('the import', () => {
  it('imports nothing from 500 rows with one bad row, naming it; fixed, imports all 500', async () => {
    const before = await assets();
    const rows = fleet(500, 'EB');
    rows[241] = row('EB-242', 'EB-XL');
    const refused = await upload('import', csv(...rows));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      message: TEXTS.rowsHaveErrors(1),
      errors: { file: [TEXTS.rowsHaveErrors(1)], 'rows.243.sku': [A.noVariant] },
    });
    expect(await assets()).toBe(before);
    expect(await h.database.primary.select({ n: count() }).from(assetImports)).toEqual([{ n: 0 }]);

    const res = await upload('import', csv(...fleet(500, 'EB')));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ message: TEXTS.started, data: { status: 'queued', total_rows: 500 } });
    const done = await finished(res.json().data.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      processed_rows: 500,
      created_assets: 500,
      error: null,
      requested_by: admin.id,
    });
    expect(await assets()).toBe(before + 500);
    const [one] = await h.database.primary
      .select()
      .from(productTracking)
      .where(and(eq(productTracking.company_id, cid), eq(productTracking.serial_number, 'EB-242')));
    expect(one).toMatchObject({
      status: 'in stock',
      purchase_cost: 149900n,
      purchase_date: '2026-01-15',
      location: 'Warehouse A',
      condition_note: null,
      // Its kept figures (decision 83) written with it, and they are its insights page's.
      figures_stale: false,
      profit: -149900n,
      utilisation: 0,
    });
    const page = await call(h.app, admin, { method: 'GET', url: `/api/${cid}/insights/assets/${one!.id}` });
    expect(page.json().data).toMatchObject({ profit: '-1499.00', utilisation: '0.00', days_owned: 59 });
    const history = await h.database.primary
      .select()
      .from(productTrackingHistory)
      .where(eq(productTrackingHistory.product_tracking_id, one!.id));
    expect(history).toHaveLength(1);
    expect(history[0]!.reason).toMatch(/^Imported from fleet\.csv/);
    // The variant's stock was 7 by hand; tracked now, it is its 501 assets in stock.
    expect(await stockAndCount()).toEqual([501, 501]);
  });

  it('fails whole when a serial number was created by hand after the file was checked', async () => {
    const { rows } = parseAssetImportFile(csv(row('LATE-1'), row('LATE-2')));
    const recorded = await recordAssetImport(testCtx(h.database.primary, cid), rows, {
      fileName: 'late.csv',
      currency: 'EUR',
    });
    const made = await call(h.app, admin, {
      method: 'POST',
      url: api(cid, 'product-tracking'),
      payload: { serial_number: 'late-2', variant_id: variantId },
    });
    expect(made.statusCode, made.body).toBe(201);
    const before = await assets();
    await h.database.primary.transaction((tx) =>
      enqueue(h.boss, tx, assetImportJob, { importId: recorded.id, requestedBy: admin.id }),
    );
    expect(await finished(recorded.id)).toMatchObject({
      status: 'failed',
      created_assets: 0,
      error: TEXTS.changedSinceChecked(3, 'serial_number', A.serialTaken, 0),
    });
    expect(await assets()).toBe(before);
  });

  it('keeps serial numbers unique when the write meets one taken meanwhile (the unique index)', async () => {
    // Inside one transaction: a unit committed between the job's last check and its insert.
    const { rows } = parseAssetImportFile(csv(row('RACE-1')));
    const err = await h.database.primary
      .transaction(async (tx) => {
        const ctx = testCtx(tx, cid);
        const { matched } = await matchAssetRows(ctx, rows, 'EUR');
        await tx.execute(
          sql`insert into product_tracking (company_id, serial_number, variant_id, products, product_name) values (${cid}, 'race-1', ${variantId}, ARRAY[1]::bigint[], 'E-bike')`,
        );
        await writeAssetRows(ctx, matched, { importId: 1, reason: 'race' });
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });
});

describe('stock from assets', () => {
  it('is the count of the variant’s assets in stock after every status change', async () => {
    const list = await h.database.primary
      .select({ id: productTracking.id })
      .from(productTracking)
      .where(and(eq(productTracking.company_id, cid), sql`${productTracking.serial_number} like 'EB-%'`))
      .limit(3);
    const act = async (id: number, action: string) => {
      const res = await call(h.app, admin, {
        method: 'POST',
        url: api(cid, `product-tracking/${id}/actions`),
        payload: { action, reason: 'test' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [stock, n] = await stockAndCount();
      expect(stock).toBe(n);
      return stock;
    };
    const start = (await stockAndCount())[0]!;
    expect(await act(list[0]!.id, 'send_to_repair')).toBe(start - 1);
    expect(await act(list[1]!.id, 'mark_broken')).toBe(start - 2);
    expect(await act(list[2]!.id, 'mark_stolen')).toBe(start - 3);
    expect(await act(list[0]!.id, 'repaired')).toBe(start - 2);
    expect(await act(list[2]!.id, 'recover')).toBe(start - 1);
    expect(await act(list[1]!.id, 'remove')).toBe(start - 1);
    // Set by hand no more: the bulk change names the field.
    const res = await call(h.app, admin, {
      method: 'PUT',
      url: api(cid, 'products/variants'),
      payload: { variants: [{ id: variantId, stock: 3 }] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors['variants.0.stock']).toBeDefined();
  });
});

describe('another company', () => {
  it('cannot read the import (404); its SKUs and serial numbers are its own', async () => {
    const [mine] = await h.database.primary
      .select({ id: assetImports.id })
      .from(assetImports)
      .where(eq(assetImports.company_id, cid))
      .limit(1);
    const res = await call(h.app, other.admin, {
      method: 'GET',
      url: api(other.cid, `product-tracking/import/${mine!.id}`),
    });
    expect(res.statusCode).toBe(404);
    const latest = await call(h.app, other.admin, {
      method: 'GET',
      url: api(other.cid, 'product-tracking/import'),
    });
    expect(latest.json().data).toBeNull();
    // The same serial numbers are free in the other company; its own EB-L is the one found.
    const preview = await upload('import/preview', csv(row('EB-1'), row('OLD-1')), other.cid, other.admin);
    expect(preview.json().data).toMatchObject({ rows: 2, valid: 2, error_count: 0 });
    // And a member of the other company cannot import into this one.
    const foreign = await upload('import/preview', csv(row('X-1')), cid, other.admin);
    expect(foreign.statusCode).toBe(404);
  });
});
