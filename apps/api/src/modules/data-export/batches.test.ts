/**
 * The export job's batches (job.ts `writeFile`): written a few rows a statement with the next batch
 * read ahead, the file holds exactly the list's rows in the list's order, none lost or repeated where
 * a batch ends inside a run of equal sort keys (ascending and descending), and the count it answers is
 * the rows written.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { csvLine, csvRow } from '../../csv.ts';
import { customers, dataExportChunks, dataExports } from '../../db/schema/index.ts';
import { jobActor, jobCtx } from '../../jobs/context.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { createCompany, useHarness } from '../../testing/harness.ts';
import { customerList } from '../customers/service.ts';
import { writeFile } from './job.ts';
import { exportListParams } from './kinds.ts';

const clock = fixedClock('2026-05-04T09:00:00Z');
const h = useHarness({ clock });
let cid: number;
let jc: JobContext;
const CUSTOMERS = 11;
const columns = ['id', 'name', 'created_at'];
// Three creation times for 11 customers: runs of 4, 4 and 3 equal sort keys, so batches of 2 and 3 end
// inside runs.
const STAMPS = ['2026-01-01T10:00:00.000Z', '2026-02-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z'];

beforeAll(async () => {
  cid = (await createCompany(h.database, { name: 'Batch Loop', currency: 'EUR' })).id;
  await h.database.primary.insert(customers).values(
    Array.from({ length: CUSTOMERS }, (_, i) => ({
      company_id: cid,
      // Names not in id order, so the sort is not the ids' order either.
      name: `Customer ${String((i * 7) % CUSTOMERS).padStart(2, '0')}`,
      email: `c${i}@batch.test`,
      created_at: STAMPS[i % 3]!,
      updated_at: STAMPS[i % 3]!,
    })),
  );
  jc = { database: h.database, clock, log: { info: () => {}, error: () => {} } };
});

/** Writes an export of the customers sorted so, `size` rows a statement; the file and the count. */
async function written(sort: string, desc: boolean, size: number) {
  const [row] = await h.database.primary
    .insert(dataExports)
    .values({
      company_id: cid,
      kind: 'customers',
      format: 'csv',
      params: { sort, desc },
      columns,
      token_hash: `hash-${sort}-${desc}-${size}`,
      file_name: 'customers.csv',
      expires_at: '2026-05-11T09:00:00.000Z',
    })
    .returning();
  const ctx = jobCtx(jc, jobActor('data-export', 'batches-test', null), cid);
  const result = await writeFile(jc, ctx, row!, size);
  const pieces = await h.database.primary
    .select({ bytes: dataExportChunks.bytes })
    .from(dataExportChunks)
    .where(eq(dataExportChunks.export_id, row!.id))
    .orderBy(asc(dataExportChunks.seq));
  const file = Buffer.concat(pieces.map((p) => p.bytes)).toString('utf8');
  // The list's own page of every row, for the same parameters.
  const params = exportListParams({ kind: 'customers', sort: sort as 'name', desc });
  const all = { ...params, page: 1, perPage: 100, offset: 0 } as Parameters<typeof customerList.list>[1];
  const page = await customerList.list(ctx, all, 'company');
  return { file, result, page };
}

describe('the export job writes the list a batch at a time, the next read ahead', () => {
  for (const [sort, desc] of [
    ['created_at', false],
    ['created_at', true],
    ['name', false],
  ] as const) {
    for (const size of [2, 3, CUSTOMERS, 50]) {
      it(`${sort} ${desc ? 'descending' : 'ascending'}, ${size} rows a statement`, async () => {
        const { file, result, page } = await written(sort, desc, size);
        expect(page.total).toBe(CUSTOMERS);
        expect(file).toBe(`\uFEFF${csvLine(columns)}${page.rows.map((r) => csvRow(r, columns)).join('')}`);
        expect(result).toEqual({ rows: CUSTOMERS, size: Buffer.byteLength(file) });
        // Every customer once, in (sort key, id) order.
        const ids = page.rows.map((r) => Number((r as { id: number }).id));
        expect(new Set(ids).size).toBe(CUSTOMERS);
        if (sort === 'created_at') {
          const key = (r: unknown) =>
            `${(r as { created_at: string }).created_at}|${String((r as { id: number }).id).padStart(9, '0')}`;
          const keys = page.rows.map(key);
          const sorted = [...keys].sort();
          expect(keys).toEqual(desc ? sorted.reverse() : sorted);
        }
      });
    }
  }
});
